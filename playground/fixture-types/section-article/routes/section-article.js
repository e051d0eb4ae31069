const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::section-article.section-article');
