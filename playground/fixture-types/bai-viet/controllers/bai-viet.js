const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::bai-viet.bai-viet');
