const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::bai-viet.bai-viet');
