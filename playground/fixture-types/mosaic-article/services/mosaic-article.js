const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::mosaic-article.mosaic-article');
