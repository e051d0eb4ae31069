#!/usr/bin/env node
// `npm test`: builds the plugin (the playground loads its dist/), runs the unit tests (no Strapi) and the
// integration tests on SQLite (each file boots the playground Strapi and talks to it over HTTP), then
// runs the integration tests again on PostgreSQL and on MariaDB, each playground on a fresh database.
//   node scripts/test.js [files...]   only these files, on SQLite
//   TEST_DATABASES=sqlite npm test    only the SQLite pass
//   TEST_SQLITE_SHARES=1 npm test     the SQLite pass as one run of files in turn (default: 2 side by side)
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { lockedExec } = require('./lib/builds');

const suiteStartedAt = Date.now();

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
  // The admin pages in a browser: what they check is the page; the admin API under them runs on all three
  // databases in admin-api, application-passwords and hook-endpoints-admin.
  'test/admin-browser.test.ts',
  'test/application-passwords-browser.test.ts',
  'test/hook-endpoints-browser.test.ts',
  'test/real-sites-browser.test.ts',
  // The README's commands as written (the playground `npm start` runs: SQLite).
  'test/readme-quickstart.test.ts',
  // Refused before anything is stored: hostile image hosts, input shapes (cleaning happens before the write).
  'test/hardening-hostile-images.test.ts',
  'test/hardening-input.test.ts',
  'test/xss-corpus.test.ts',
  'test/readme-plugins-snippet.test.ts',
  'test/self-contained.test.ts',
  // These choose PostgreSQL themselves (several instances on one database).
  'test/multi-instance.test.ts',
  'test/publish-postgres.test.ts',
  'test/production-setup.test.ts',
  'test/hook-queue-instances.test.ts',
  'test/schedule-hand-publish-instances.test.ts',
  // Its SQLite suites show the schedule itself; its cluster suite chooses PostgreSQL.
  'test/scheduled-publishing.test.ts',
];

const PASS_RECORD_REPORTER = path.join(__dirname, 'lib', 'pass-record-reporter.mjs');

function nodeTestArgs(files, recordFile) {
  return [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${PASS_RECORD_REPORTER}`,
    `--test-reporter-destination=${recordFile}`,
    ...files,
  ];
}

/**
 * A pass's outcome from its record (see the reporter): passed and failed counts (a run that exits
 * non-zero without a failed test fails), its wall time and its slowest files (top-level tests added up).
 */
function tally(label, recordFile, status, startedAt) {
  const record = fs.existsSync(recordFile) ? fs.readFileSync(recordFile, 'utf8') : '';
  fs.rmSync(recordFile, { force: true });
  const count = (name) => Number((new RegExp(`^# ${name} (\\d+)$`, 'm').exec(record) ?? [])[1] ?? 0);
  const failed = status === 0 ? count('fail') : Math.max(count('fail'), 1);
  const secondsByFile = new Map();
  for (const line of record.split('\n').filter((l) => l.startsWith('{'))) {
    const { file, ms } = JSON.parse(line);
    const name = path.relative(root, file);
    secondsByFile.set(name, (secondsByFile.get(name) ?? 0) + ms / 1000);
  }
  return {
    label,
    passed: count('pass'),
    failed,
    seconds: Math.round((Date.now() - startedAt) / 1000),
    slowest: [...secondsByFile].sort((a, b) => b[1] - a[1]).slice(0, 8),
  };
}

const recordFileFor = (label) =>
  path.join(os.tmpdir(), `article-publisher-${process.pid}-${label.replace(/[^a-z0-9]+/gi, '-')}.record`);
const testEnv = (env, label) => ({
  ...process.env,
  STRAPI_TELEMETRY_DISABLED: 'true',
  TEST_DATABASE_TEMPLATES: ownTemplatesFolder(label),
  ...env,
});

function runNodeTests(files, env, label) {
  const recordFile = recordFileFor(label);
  console.log(`\n=== ${label}: ${files.length} test files ===`);
  const startedAt = Date.now();
  const result = spawnSync(process.execPath, nodeTestArgs(files, recordFile), {
    cwd: root,
    stdio: 'inherit',
    env: testEnv(env, label),
  });
  return tally(label, recordFile, result.status, startedAt);
}

/**
 * The same, beside other passes: each line of its report is printed as it comes, prefixed with the
 * pass's name, so that side-by-side passes stay readable.
 */
function runNodeTestsBeside(files, env, label, prefix) {
  const recordFile = recordFileFor(label);
  console.log(
    `\n=== ${label}: ${files.length} test files (beside the other passes; lines prefixed ${prefix}) ===`
  );
  const startedAt = Date.now();
  const child = spawn(process.execPath, nodeTestArgs(files, recordFile), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: testEnv(env, label),
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
  }
  return new Promise((resolve) =>
    child.on('close', (status) => resolve(tally(label, recordFile, status, startedAt)))
  );
}

/**
 * A public folder (with its uploads folder) of a pass's own, so that passes running side by side do not
 * see each other's uploads (tests count the files a publish wrote).
 */
const publicFolders = new Set();
function ownPublicFolder(client) {
  const dir = path.join(root, 'test', '.runs', `public-${client}`);
  publicFolders.add(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  return dir;
}

/**
 * A folder of a pass's own for its template databases (test/helpers/database-templates.ts): each test's
 * Strapi starts on a copy of a database a Strapi of the same app started on once in this pass.
 * TEST_DATABASE_TEMPLATES=0 starts every one on an empty database.
 */
const templateFolders = new Set();
function ownTemplatesFolder(label) {
  if (process.env.TEST_DATABASE_TEMPLATES === '0') return '';
  const dir = path.join(
    root,
    'test',
    '.runs',
    `templates-${process.pid}-${label.replace(/[^a-z0-9]+/gi, '-')}`
  );
  templateFolders.add(dir);
  return dir;
}

/** Drops the template databases a pass recorded and removes its folder (test/helpers/drop-templates.ts). */
function removeTemplates(dir) {
  if (!fs.existsSync(dir)) return;
  spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'test', 'helpers', 'drop-templates.ts'), dir],
    {
      cwd: root,
      stdio: 'inherit',
    }
  );
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

/** New apps of two Strapi releases from the registry: mostly npm installs, so it runs beside other passes. */
const COMPAT = 'test/compat.test.ts';

async function runAll() {
  const only = process.argv.slice(2);
  if (only.length) return [runNodeTests(only, {}, 'selected')];
  const databases = (process.env.TEST_DATABASES ?? 'sqlite,postgres,mysql').split(',').map((d) => d.trim());
  const integration = listTests('test');
  const matrix = integration.filter((file) => !DATABASE_INDEPENDENT.includes(file));
  const envOf = (client) => ({
    TEST_DATABASE_CLIENT: client,
    PLAYGROUND_PUBLIC_DIR: ownPublicFolder(client),
  });
  const matrixPasses = [
    databases.includes('postgres') && {
      files: matrix,
      env: envOf('postgres'),
      label: 'integration on PostgreSQL',
      prefix: '[pg]',
    },
    databases.includes('mysql') && {
      files: matrix,
      env: envOf('mysql'),
      label: 'integration on MariaDB',
      prefix: '[maria]',
    },
  ].filter(Boolean);
  // After the SQLite pass, the PostgreSQL pass, the MariaDB pass and the compatibility check run side by
  // side: each file waits mostly on its Strapi, its database or the registry, and the passes share nothing
  // (own databases, ports and uploads folders). TEST_PASSES_IN_TURN=1 runs them one after the other, the
  // compatibility check inside the SQLite pass.
  const inTurn = process.env.TEST_PASSES_IN_TURN === '1';
  const compatBeside = !inTurn && databases.includes('sqlite') && matrixPasses.length > 0;
  const later = compatBeside
    ? [
        ...matrixPasses,
        {
          files: [COMPAT],
          env: { TEST_DATABASE_CLIENT: 'sqlite' },
          label: 'Strapi releases (compat)',
          prefix: '[compat]',
        },
      ]
    : matrixPasses;

  const results = [];
  if (databases.includes('sqlite')) {
    const sqliteIntegration = compatBeside ? integration.filter((file) => file !== COMPAT) : integration;
    const files = [...listTests('core/test'), ...listTests('server/test'), ...sqliteIntegration];
    const shares = inTurn ? 1 : Math.max(1, Number(process.env.TEST_SQLITE_SHARES ?? 2));
    if (shares === 1) {
      results.push(runNodeTests(files, { TEST_DATABASE_CLIENT: 'sqlite' }, 'unit + integration on SQLite'));
    } else {
      // The SQLite pass in shares side by side: one pass of files in turn left a core idle while each
      // file waited on its Strapi's start or its database. Files are dealt in turn (the alphabetical
      // order mixes heavy and light ones); each share has its own uploads folder.
      const dealt = Array.from({ length: shares }, (_, n) => files.filter((_, i) => i % shares === n));
      results.push(
        ...(await Promise.all(
          dealt.map((part, n) =>
            runNodeTestsBeside(
              part,
              { TEST_DATABASE_CLIENT: 'sqlite', PLAYGROUND_PUBLIC_DIR: ownPublicFolder(`sqlite-${n + 1}`) },
              `unit + integration on SQLite, share ${n + 1} of ${shares}`,
              `[sqlite ${n + 1}]`
            )
          )
        ))
      );
    }
  }
  if (inTurn || later.length < 2) {
    for (const pass of later) results.push(runNodeTests(pass.files, pass.env, pass.label));
  } else {
    results.push(
      ...(await Promise.all(
        later.map((pass) => runNodeTestsBeside(pass.files, pass.env, pass.label, pass.prefix))
      ))
    );
  }
  return results;
}

runAll().then((results) => {
  for (const dir of publicFolders) fs.rmSync(dir, { recursive: true, force: true });
  for (const dir of templateFolders) removeTemplates(dir);
  console.log('\n=== summary ===');
  for (const { label, passed, failed, seconds, slowest } of results) {
    console.log(`${label}: ${passed} passed, ${failed} failed, ${seconds} s`);
    const files = slowest.map(([file, s]) => `${file} ${Math.round(s)} s`).join(', ');
    if (files) console.log(`  slowest files: ${files}`);
  }
  console.log(
    `suite time: ${Math.round((Date.now() - suiteStartedAt) / 1000)} s (from the start of npm test)`
  );
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log(`total: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && results.length > 0 ? 0 : 1);
});
