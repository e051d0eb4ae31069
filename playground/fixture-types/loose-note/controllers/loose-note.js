const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::loose-note.loose-note');
