const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::loose-note.loose-note');
