const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::ck-article.ck-article');
