const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::palette-article.palette-article');
