const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::trip-report.trip-report');
