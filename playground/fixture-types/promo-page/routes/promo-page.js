const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::promo-page.promo-page');
