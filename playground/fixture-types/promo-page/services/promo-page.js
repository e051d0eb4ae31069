const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::promo-page.promo-page');
