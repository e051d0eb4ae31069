const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::dated-article.dated-article');
