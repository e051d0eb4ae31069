const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::picky-article.picky-article');
