const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::record-review.record-review');
