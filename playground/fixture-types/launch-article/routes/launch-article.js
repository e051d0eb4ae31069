const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::launch-article.launch-article');
