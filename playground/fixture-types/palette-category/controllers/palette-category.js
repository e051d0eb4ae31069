const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::palette-category.palette-category');
