#!/usr/bin/env node
// Builds the playground's admin panel (with this plugin's admin pages) by calling Strapi's own build
// function. `strapi build` cannot be used as is: its CLI looks for a tsconfig.json in every parent
// folder, finds the plugin's, and then tries to compile the repository as the app's TypeScript.
const path = require('node:path');

const playgroundDir = path.resolve(__dirname, '..', 'playground');
const strapiDir = path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [playgroundDir] }));
const { build } = require(path.join(strapiDir, 'dist/src/node/build.js'));
const { createLogger } = require(path.join(strapiDir, 'dist/src/cli/utils/logger.js'));

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
