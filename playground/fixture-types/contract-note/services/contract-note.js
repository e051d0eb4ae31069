const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::contract-note.contract-note');
