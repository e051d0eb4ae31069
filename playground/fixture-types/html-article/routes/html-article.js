const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::html-article.html-article');
