const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::brief-article.brief-article');
