const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::world-category.world-category');
