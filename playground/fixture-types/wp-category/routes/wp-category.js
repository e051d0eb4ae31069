const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::wp-category.wp-category');
