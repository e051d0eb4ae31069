const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::mosaic-article.mosaic-article');
