const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::picky-article.picky-article');
