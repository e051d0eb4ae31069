const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreRouter('api::pitch-story.pitch-story');
