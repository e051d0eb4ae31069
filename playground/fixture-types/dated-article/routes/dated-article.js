const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::dated-article.dated-article');
