const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::landing-post.landing-post');
