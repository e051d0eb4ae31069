const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::md-post.md-post');
