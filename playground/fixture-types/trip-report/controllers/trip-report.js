const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::trip-report.trip-report');
