const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::campaign-page.campaign-page');
