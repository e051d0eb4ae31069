// Playground server. Secrets have development defaults so that a fresh clone starts with no setup;
// a real site sets APP_KEYS and friends in its environment.
module.exports = ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  // Behind a reverse proxy (TRUST_PROXY=true) the client's address is read from X-Forwarded-For, taking
  // only the last PROXY_HOPS entries (those the site's own proxies appended), so a client cannot pick its
  // address by sending the header itself. Off by default: with no proxy in front, the header is the client's.
  proxy: { koa: env.bool('TRUST_PROXY', false), maxIpsCount: env.int('PROXY_HOPS', 1) },
  // The test runner gives passes that run side by side a public folder each (their uploads apart).
  dirs: { public: env('PLAYGROUND_PUBLIC_DIR', './public') },
  // Strapi's MCP server (/mcp, admin tokens), where the plugin adds its tools for AI agents: on, so the
  // agent door is open as the others are; PLAYGROUND_MCP=false turns it off (the tests do, but for theirs).
  mcp: { enabled: env.bool('PLAYGROUND_MCP', true) },
  app: {
    keys: env.array('APP_KEYS', ['playgroundKeyA', 'playgroundKeyB']),
  },
});
