const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::world-article.world-article');
