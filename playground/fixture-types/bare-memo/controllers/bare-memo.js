const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::bare-memo.bare-memo');
