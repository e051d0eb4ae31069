const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::shared-blocks-article.shared-blocks-article');
