const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::bare-memo.bare-memo');
