const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreController('api::pitch-story.pitch-story');
