const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::coded-notice.coded-notice');
