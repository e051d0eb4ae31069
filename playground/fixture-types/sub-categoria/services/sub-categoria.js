const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::sub-categoria.sub-categoria');
