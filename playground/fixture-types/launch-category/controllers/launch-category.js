const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::launch-category.launch-category');
