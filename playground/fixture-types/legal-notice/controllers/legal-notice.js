const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::legal-notice.legal-notice');
