const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::md-post.md-post');
