const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::ck-article.ck-article');
