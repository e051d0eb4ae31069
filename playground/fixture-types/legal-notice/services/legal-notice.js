const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::legal-notice.legal-notice');
