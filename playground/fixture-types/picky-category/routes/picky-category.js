const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::picky-category.picky-category');
