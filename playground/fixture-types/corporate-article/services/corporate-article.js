const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::corporate-article.corporate-article');
