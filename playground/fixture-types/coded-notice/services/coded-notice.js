const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::coded-notice.coded-notice');
