const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::digest-article.digest-article');
