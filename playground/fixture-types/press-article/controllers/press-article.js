const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::press-article.press-article');
