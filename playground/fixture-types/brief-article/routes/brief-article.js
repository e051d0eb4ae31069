const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::brief-article.brief-article');
