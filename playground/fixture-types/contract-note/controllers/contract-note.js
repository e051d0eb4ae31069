const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::contract-note.contract-note');
