const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::press-article.press-article');
