const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::corporate-article.corporate-article');
