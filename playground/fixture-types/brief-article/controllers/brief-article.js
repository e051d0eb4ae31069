const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::brief-article.brief-article');
