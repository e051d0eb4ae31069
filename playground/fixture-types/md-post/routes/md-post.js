const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::md-post.md-post');
