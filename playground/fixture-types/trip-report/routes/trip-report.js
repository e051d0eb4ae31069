const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::trip-report.trip-report');
