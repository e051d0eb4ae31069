const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::loose-note.loose-note');
