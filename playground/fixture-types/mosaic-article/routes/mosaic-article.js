const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::mosaic-article.mosaic-article');
