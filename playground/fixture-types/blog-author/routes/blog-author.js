const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::blog-author.blog-author');
