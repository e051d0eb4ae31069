const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::campaign-page.campaign-page');
