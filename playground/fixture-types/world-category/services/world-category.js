const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::world-category.world-category');
