const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::section-article.section-article');
