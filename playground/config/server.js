// Playground server. Secrets have development defaults so that a fresh clone starts with no setup;
// a real site sets APP_KEYS and friends in its environment.
module.exports = ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  app: {
    keys: env.array('APP_KEYS', ['playgroundKeyA', 'playgroundKeyB']),
  },
});
