const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::bai-viet.bai-viet');
