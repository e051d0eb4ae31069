const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::blog-author.blog-author');
