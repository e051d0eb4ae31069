const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::blog-article.blog-article');
