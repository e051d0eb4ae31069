const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::html-article.html-article');
