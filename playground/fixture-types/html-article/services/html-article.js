const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::html-article.html-article');
