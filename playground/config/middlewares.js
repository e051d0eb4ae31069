// With media in S3 (UPLOAD_PROVIDER=aws-s3) the admin panel shows images from the bucket's origin, so
// the Content-Security-Policy lets that origin in; with local files the defaults are kept.
function mediaOrigin(env) {
  if (env('UPLOAD_PROVIDER', 'local') !== 'aws-s3') return null;
  const base = env('S3_PUBLIC_URL', '') || env('S3_ENDPOINT', '');
  if (base) return new URL(base).origin;
  return `https://${env('S3_BUCKET')}.s3.${env('S3_REGION', 'us-east-1')}.amazonaws.com`;
}

function security(env) {
  const origin = mediaOrigin(env);
  if (!origin) return 'strapi::security';
  return {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:', 'https://market-assets.strapi.io', origin],
          'media-src': ["'self'", 'data:', 'blob:', origin],
          upgradeInsecureRequests: null,
        },
      },
    },
  };
}

// PLAYGROUND_BODY_JSON_LIMIT: the app's own option for Strapi's body parser, which the plugin's scoped
// parser must hand on (test/strapi-contract.test.ts).
function body(env) {
  const jsonLimit = env('PLAYGROUND_BODY_JSON_LIMIT', '');
  return jsonLimit ? { name: 'strapi::body', config: { jsonLimit } } : 'strapi::body';
}

module.exports = ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  security(env),
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  body(env),
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
