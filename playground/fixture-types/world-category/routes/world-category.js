const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::world-category.world-category');
