const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::blog-author.blog-author');
