const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::picky-article.picky-article');
