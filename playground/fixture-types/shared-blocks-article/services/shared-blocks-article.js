const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::shared-blocks-article.shared-blocks-article');
