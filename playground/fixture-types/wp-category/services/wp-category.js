const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::wp-category.wp-category');
