const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::promo-page.promo-page');
