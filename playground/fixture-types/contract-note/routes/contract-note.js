const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::contract-note.contract-note');
