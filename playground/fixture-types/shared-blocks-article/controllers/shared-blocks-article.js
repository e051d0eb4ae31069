const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::shared-blocks-article.shared-blocks-article');
