const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::blog-category.blog-category');
