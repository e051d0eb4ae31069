const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::launch-category.launch-category');
