const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::record-review.record-review');
