const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::social-article.social-article');
