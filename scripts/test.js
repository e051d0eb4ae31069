#!/usr/bin/env node
// `npm test`: builds the plugin (the playground loads its dist/), then runs the unit tests (no Strapi)
// and the integration tests (each file boots the playground Strapi and talks to it over HTTP).
const { spawnSync } = require('node:child_process');
const { lockedExec } = require('./lib/builds');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const listTests = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join(dir, f))
    : [];

const only = process.argv.slice(2);
const files = only.length ? only : [...listTests('core/test'), ...listTests('test')];

if (!process.env.SKIP_BUILD) {
  console.log('Building the plugin (strapi-plugin build)...');
  lockedExec('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' } }
);
process.exit(result.status ?? 1);
