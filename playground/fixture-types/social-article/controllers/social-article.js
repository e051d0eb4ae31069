const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::social-article.social-article');
