const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::bare-memo.bare-memo');
