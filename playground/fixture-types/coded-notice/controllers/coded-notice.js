const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::coded-notice.coded-notice');
