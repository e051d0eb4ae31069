const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::blog-category.blog-category');
