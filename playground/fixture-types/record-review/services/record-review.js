const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::record-review.record-review');
