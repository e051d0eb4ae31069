#!/usr/bin/env node
// Builds the playground's admin panel (with this plugin's admin pages) by calling Strapi's own build
// function. Why not the public `strapi build`: its CLI looks for a tsconfig.json in every parent folder
// (TypeScript's findConfigFile), finds the plugin's at the repository root, and then compiles the whole
// repository as if it were the app's TypeScript. The playground is a JavaScript app, so the build function
// is called with no tsconfig instead.
// What this depends on is pinned: @strapi/strapi at the exact version below (the playground's and the
// root's package.json pin it too), and the two internal modules it loads; a mismatch stops with a message.
const fs = require('node:fs');
const path = require('node:path');

const PINNED_STRAPI_VERSION = '5.54.0';
const INTERNAL_MODULES = { build: 'dist/src/node/build.js', logger: 'dist/src/cli/utils/logger.js' };

const playgroundDir = path.resolve(__dirname, '..', 'playground');
if (process.argv.includes('--if-stale') && require('./lib/builds').adminBuildIsFresh()) process.exit(0);
const strapiDir = path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [playgroundDir] }));
const installed = require(path.join(strapiDir, 'package.json')).version;
const missing = Object.values(INTERNAL_MODULES).filter((file) => !fs.existsSync(path.join(strapiDir, file)));
if (installed !== PINNED_STRAPI_VERSION || missing.length) {
  console.error(
    `scripts/build-playground-admin.js was written for @strapi/strapi ${PINNED_STRAPI_VERSION} and loads its internal ` +
      `modules ${Object.values(INTERNAL_MODULES).join(', ')}; found ${installed}` +
      (missing.length ? ` without ${missing.join(', ')}` : '') +
      '. Check those modules in the new version and update the pin.'
  );
  process.exit(1);
}

const { build } = require(path.join(strapiDir, INTERNAL_MODULES.build));
const { createLogger } = require(path.join(strapiDir, INTERNAL_MODULES.logger));

build({
  cwd: playgroundDir,
  logger: createLogger({ debug: false, silent: false, timestamp: false }),
  tsconfig: undefined,
  bundler: 'vite',
  minify: true,
  sourcemap: false,
  stats: false,
  installDeps: false,
}).catch((error) => {
  console.error(error);
  process.exit(1);
});
