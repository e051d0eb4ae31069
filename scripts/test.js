#!/usr/bin/env node
// `npm test`: builds the plugin (the playground loads its dist/), runs the unit tests (no Strapi) and the
// integration tests on SQLite (each file boots the playground Strapi and talks to it over HTTP), then
// runs the integration tests again on PostgreSQL and on MariaDB, each playground on a fresh database.
//   node scripts/test.js [files...]   only these files, on SQLite
//   TEST_DATABASES=sqlite npm test    only the SQLite pass
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { lockedExec } = require('./lib/builds');

const root = path.resolve(__dirname, '..');
const listTests = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir))
        .filter((f) => f.endsWith('.test.ts'))
        .sort()
        .map((f) => path.join(dir, f))
    : [];

/** Integration files whose subject does not depend on the database; they run on SQLite only. */
const DATABASE_INDEPENDENT = [
  'test/package.test.ts',
  // New apps of two Strapi releases from the registry, each with its own SQLite file.
  'test/compat.test.ts',
  'test/body-and-config.test.ts',
  'test/cli-check.test.ts',
  'test/admin-browser.test.ts',
  'test/xss-corpus.test.ts',
  'test/readme-plugins-snippet.test.ts',
  'test/self-contained.test.ts',
  // These choose PostgreSQL themselves (several instances on one database).
  'test/multi-instance.test.ts',
  'test/publish-postgres.test.ts',
  'test/production-setup.test.ts',
  // Its SQLite suites show the schedule itself; its cluster suite chooses PostgreSQL.
  'test/scheduled-publishing.test.ts',
];

function runNodeTests(files, env, label) {
  const tapFile = path.join(os.tmpdir(), `article-publisher-${process.pid}-${label}.tap`);
  console.log(`\n=== ${label}: ${files.length} test files ===`);
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...files,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true', ...env } }
  );
  const tap = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, 'utf8') : '';
  fs.rmSync(tapFile, { force: true });
  const count = (name) => Number((new RegExp(`^# ${name} (\\d+)$`, 'm').exec(tap) ?? [])[1] ?? 0);
  // A run that exits non-zero without a failed test (a crash, a file that did not load) still fails.
  const failed = result.status === 0 ? count('fail') : Math.max(count('fail'), 1);
  return { label, passed: count('pass'), failed };
}

// PostgreSQL, MariaDB and Chromium: started or installed when missing (see the script).
if (!process.env.SKIP_PREPARE) {
  const prepared = spawnSync('bash', [path.join(__dirname, 'prepare-test-machine.sh')], { stdio: 'inherit' });
  if (prepared.status !== 0) {
    console.error(
      'The test machine could not be prepared (see above); the suite needs PostgreSQL, MariaDB and Chromium.'
    );
    process.exit(1);
  }
}

if (!process.env.SKIP_BUILD) {
  console.log('Building the plugin (strapi-plugin build)...');
  lockedExec('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const only = process.argv.slice(2);
const results = [];
if (only.length) {
  results.push(runNodeTests(only, {}, 'selected'));
} else {
  const databases = (process.env.TEST_DATABASES ?? 'sqlite,postgres,mysql').split(',').map((d) => d.trim());
  const integration = listTests('test');
  if (databases.includes('sqlite')) {
    results.push(
      runNodeTests(
        [...listTests('core/test'), ...listTests('server/test'), ...integration],
        { TEST_DATABASE_CLIENT: 'sqlite' },
        'unit + integration on SQLite'
      )
    );
  }
  const matrix = integration.filter((file) => !DATABASE_INDEPENDENT.includes(file));
  for (const client of ['postgres', 'mysql'].filter((d) => databases.includes(d))) {
    results.push(
      runNodeTests(
        matrix,
        { TEST_DATABASE_CLIENT: client },
        `integration on ${client === 'mysql' ? 'MariaDB' : 'PostgreSQL'}`
      )
    );
  }
}

console.log('\n=== summary ===');
for (const { label, passed, failed } of results) console.log(`${label}: ${passed} passed, ${failed} failed`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
