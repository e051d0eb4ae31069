// The plugin under development is loaded from the repository root (its built `dist/`); the packaging
// test installs the packed tarball into a new app instead (test/helpers/fresh-app.ts).
// PLAYGROUND_PLUGIN_CONFIG (JSON) lets a test start the playground with a given plugin config.
const path = require('path');

/**
 * Media in S3 (or an S3-compatible server) through Strapi's own provider, when UPLOAD_PROVIDER=aws-s3;
 * local files in public/uploads otherwise. Several instances behind a load balancer need shared storage.
 */
function s3Upload(env) {
  if (env('UPLOAD_PROVIDER', 'local') !== 'aws-s3') return {};
  return {
    upload: {
      config: {
        provider: 'aws-s3',
        providerOptions: {
          // A CDN or custom domain in front of the bucket; empty: the URL S3 answers the upload with.
          baseUrl: env('S3_PUBLIC_URL', undefined),
          rootPath: env('S3_ROOT_PATH', undefined),
          s3Options: {
            credentials: {
              accessKeyId: env('S3_ACCESS_KEY_ID'),
              secretAccessKey: env('S3_SECRET_ACCESS_KEY'),
            },
            region: env('S3_REGION', 'us-east-1'),
            // Set for an S3-compatible server (MinIO, R2, a local test server); unset for AWS itself.
            endpoint: env('S3_ENDPOINT', undefined),
            forcePathStyle: env.bool('S3_FORCE_PATH_STYLE', false),
            // No ACL header unless S3_ACL is set: buckets created since 2023 refuse ACLs by default.
            params: { Bucket: env('S3_BUCKET'), ACL: env('S3_ACL', undefined) },
          },
        },
      },
    },
  };
}

/**
 * The Article's `content` is Strapi's Markdown editor, which receives Markdown (what `npm start` shows).
 * The integration tests written before body detection expect HTML there: their helper sets
 * PLAYGROUND_ARTICLE_BODY_FORMAT=html, which applies unless a test names its own target or format.
 */
function articleBodyFormat(env, overrides) {
  const format = env('PLAYGROUND_ARTICLE_BODY_FORMAT', '');
  return !format || overrides.targetContentType || overrides.bodyFormat ? {} : { bodyFormat: format };
}

// Strapi resolves a relative `resolve` against its own files first, so the path is made absolute.
module.exports = ({ env }) => ({
  'users-permissions': {
    config: { jwtSecret: env('JWT_SECRET', 'playground-users-permissions-jwt-secret') },
  },
  ...s3Upload(env),
  // strapi-plugin-publisher (pluginpal) schedules entries through its own actions; off unless a test
  // asks for it (PLAYGROUND_PUBLISHER=true), so the default playground runs no cron task of its own.
  publisher: { enabled: env.bool('PLAYGROUND_PUBLISHER', false) },
  // A stand-in for the CKEditor plugin's server side (its custom field), see src/plugins/ckeditor.
  ckeditor: { enabled: true, resolve: path.resolve(__dirname, '..', 'src', 'plugins', 'ckeditor') },
  'article-publisher': {
    enabled: true,
    resolve: path.resolve(__dirname, '..', '..'),
    config: {
      siteName: env('SITE_NAME', 'Article Publisher Playground'),
      siteUrl: env('PUBLIC_SITE_URL', `http://localhost:${env.int('PORT', 1337)}`),
      ...articleBodyFormat(env, JSON.parse(env('PLAYGROUND_PLUGIN_CONFIG', '{}'))),
      ...JSON.parse(env('PLAYGROUND_PLUGIN_CONFIG', '{}')),
    },
  },
});
