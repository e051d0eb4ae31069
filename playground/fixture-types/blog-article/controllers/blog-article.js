const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::blog-article.blog-article');
