const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::palette-category.palette-category');
