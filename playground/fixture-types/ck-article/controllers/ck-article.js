const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::ck-article.ck-article');
