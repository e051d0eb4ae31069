const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::legal-notice.legal-notice');
