const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::launch-article.launch-article');
