const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::digest-article.digest-article');
