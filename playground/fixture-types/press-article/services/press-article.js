const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::press-article.press-article');
