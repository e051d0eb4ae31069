const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::picky-category.picky-category');
