// API_REST_PREFIX moves Strapi's REST API (and the plugin's native routes with it), as a site may.
module.exports = ({ env }) => ({
  rest: { prefix: env('API_REST_PREFIX', '/api'), defaultLimit: 25, maxLimit: 100, withCount: true },
});
