const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::artigo.artigo');
