const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::palette-article.palette-article');
