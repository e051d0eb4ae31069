const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::dated-article.dated-article');
