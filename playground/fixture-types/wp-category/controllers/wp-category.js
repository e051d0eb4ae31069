const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::wp-category.wp-category');
