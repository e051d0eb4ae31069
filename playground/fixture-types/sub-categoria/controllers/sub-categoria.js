const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::sub-categoria.sub-categoria');
