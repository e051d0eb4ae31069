const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::campaign-page.campaign-page');
