const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::digest-article.digest-article');
