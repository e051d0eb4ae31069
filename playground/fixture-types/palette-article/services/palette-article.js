const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::palette-article.palette-article');
