const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::section-article.section-article');
