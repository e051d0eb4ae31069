// The plugin under development is loaded from the repository root (its built `dist/`), or from
// PLAYGROUND_PLUGIN_PATH, which the packaging test points at an unpacked `npm pack` tarball.
// PLAYGROUND_PLUGIN_CONFIG (JSON) lets a test start the playground with a given plugin config.
const path = require('path');

// Strapi resolves a relative `resolve` against its own files first, so the path is made absolute.
module.exports = ({ env }) => ({
  'users-permissions': {
    config: { jwtSecret: env('JWT_SECRET', 'playground-users-permissions-jwt-secret') },
  },
  'article-publisher': {
    enabled: true,
    resolve: path.resolve(__dirname, '..', env('PLAYGROUND_PLUGIN_PATH', '..')),
    config: {
      siteName: env('SITE_NAME', 'Article Publisher Playground'),
      siteUrl: env('PUBLIC_SITE_URL', `http://localhost:${env.int('PORT', 1337)}`),
      ...JSON.parse(env('PLAYGROUND_PLUGIN_CONFIG', '{}')),
    },
  },
});
