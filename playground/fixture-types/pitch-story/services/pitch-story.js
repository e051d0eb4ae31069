const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::pitch-story.pitch-story');
