const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::corporate-article.corporate-article');
