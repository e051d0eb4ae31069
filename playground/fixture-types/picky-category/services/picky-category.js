const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::picky-category.picky-category');
