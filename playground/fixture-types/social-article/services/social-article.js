const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::social-article.social-article');
