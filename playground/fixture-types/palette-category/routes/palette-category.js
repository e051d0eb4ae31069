const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::palette-category.palette-category');
