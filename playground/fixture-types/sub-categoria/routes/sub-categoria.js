const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::sub-categoria.sub-categoria');
