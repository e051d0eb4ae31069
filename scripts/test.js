#!/usr/bin/env node
// `npm test`: builds the plugin (the playground loads its dist/), runs the unit tests (no Strapi) and the
// integration tests on SQLite (each file boots the playground Strapi and talks to it over HTTP), and the
// integration tests whose subject depends on the database on PostgreSQL and MariaDB too, each
// playground on a fresh database. Each file on each database is a job; jobs run from one pool, longest
// first (see runPool).
//   node scripts/test.js [files...]   only these files, on SQLite (or TEST_DATABASE_CLIENT)
//   TEST_DATABASES=sqlite npm test    only the SQLite jobs
//   TEST_WORKERS=1 npm test           one job at a time (default: 3 side by side)
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

/**
 * Integration files whose subject does not depend on the database; they run on SQLite only. The others
 * run on PostgreSQL and MariaDB too.
 */
const DATABASE_INDEPENDENT = [
  'test/package.test.ts',
  // New apps of two Strapi releases from the registry, each with its own SQLite file.
  'test/compat.test.ts',
  'test/body-and-config.test.ts',
  'test/cli-check.test.ts',
  // The admin pages in a browser: what they check is the page; the admin API under them runs on all three
  // databases in admin-api, application-passwords and hook-endpoints-admin.
  'test/admin-browser.test.ts',
  'test/admin-1280-browser.test.ts',
  'test/application-passwords-browser.test.ts',
  'test/hook-endpoints-browser.test.ts',
  'test/hook-inspector-browser.test.ts',
  'test/real-sites-browser.test.ts',
  // A category default names a Media Library file by id in the config file (the first file: id 1 on a
  // new SQLite database); how categories are written is the pipeline's, run on all three databases.
  'test/real-sites-category-defaults.test.ts',
  // The authorEntry setting names an author by id in the config file (the first author: id 1 on a new
  // SQLite database), as above.
  'test/real-sites-choices-and-entries.test.ts',
  // The README's commands as written (the playground `npm start` runs: SQLite).
  'test/readme-quickstart.test.ts',
  // The docs' recipes and `npm start`'s banner, as a newcomer runs them: the default playground (SQLite).
  'test/docs-recipes.test.ts',
  'test/start-banner.test.ts',
  // Refused before anything is stored: hostile image hosts, input shapes and bounds (cleaning happens
  // before the write), authentication and the body read before it, the settings' named content types.
  'test/hardening-hostile-images.test.ts',
  'test/hardening-input.test.ts',
  'test/hardening-bounds.test.ts',
  'test/hardening-parsing.test.ts',
  'test/hardening-auth.test.ts',
  'test/hardening-settings-targets.test.ts',
  'test/target-check.test.ts',
  // Which sections of a zone take the article is the schema's rule, not the database's (issue #61).
  'test/real-sites-zone-sections.test.ts',
  // The process's memory while it decodes images, which no database holds.
  'test/hardening-media.test.ts',
  // Doors and their wire: routes' spellings, WordPress's recorded answers, users/me, the rights read from
  // Strapi's roles, MCP's protocol, each service's payload and authentication, and real clients' flows.
  // What they store goes through the publish pipeline, which runs on all three databases in publish-post,
  // webhook, hook-queue, custom-webhooks-markdown-events, wordpress-core-api, wordpress-updates,
  // wordpress-taxonomies and wordpress-media-semantics.
  'test/wordpress-paths.test.ts',
  'test/wordpress-recorded.test.ts',
  'test/application-passwords-wordpress.test.ts',
  'test/wordpress-rights.test.ts',
  'test/mcp.test.ts',
  'test/mcp-real-clients.test.ts',
  'test/custom-webhooks.test.ts',
  'test/wordpress-real-clients.test.ts',
  'test/wordpress-n8n-flow.test.ts',
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

/**
 * Seconds each test file took on each database in a recent run (`<database> <file>`), written by a whole
 * `npm test` to test/.runs/test-seconds.json and copied here by hand now and then: the pool starts the
 * longest jobs first, so that no core is left idle while one long file finishes at the end. A file it
 * does not know counts as NEW_FILE_SECONDS.
 */
const RECORDED_SECONDS_FILE = path.join(__dirname, 'lib', 'test-seconds.json');
const NEW_FILE_SECONDS = 60;

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
 * A job's outcome from its record (see the reporter): passed and failed counts (a run that exits non-zero
 * without a failed test fails) and its wall time.
 */
function tally(recordFile, status, startedAt) {
  const record = fs.existsSync(recordFile) ? fs.readFileSync(recordFile, 'utf8') : '';
  fs.rmSync(recordFile, { force: true });
  const count = (name) => Number((new RegExp(`^# ${name} (\\d+)$`, 'm').exec(record) ?? [])[1] ?? 0);
  return {
    passed: count('pass'),
    failed: status === 0 ? count('fail') : Math.max(count('fail'), 1),
    seconds: (Date.now() - startedAt) / 1000,
  };
}

let jobsStarted = 0;
const recordFileFor = () =>
  path.join(os.tmpdir(), `article-publisher-${process.pid}-${++jobsStarted}.record`);

/**
 * Runs one job (its files in turn, in one `node --test`): the report is printed as it comes, each line
 * prefixed with the job's database and worker, so that jobs running side by side stay readable.
 */
function runJob(job, env, prefix) {
  const recordFile = recordFileFor();
  const startedAt = Date.now();
  const child = spawn(process.execPath, nodeTestArgs(job.files, recordFile), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true', ...env },
  });
  const failures = failureSection();
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      console.log(`${prefix} ${line}`);
      failures.see(line);
    });
  }
  return new Promise((resolve) =>
    child.on('close', (status) =>
      resolve({ ...tally(recordFile, status, startedAt), failureLines: failures.lines })
    )
  );
}

/** At most this many lines of a failed job's own account are printed again in the summary. */
const FAILURE_LINES_SHOWN = 80;

/**
 * The spec reporter's closing account of a job's failed tests (from its "failing tests:" line on), kept
 * so that the summary, the part of a long CI log that is read first, says why a job failed.
 */
function failureSection() {
  const lines = [];
  let inside = false;
  return {
    lines,
    see(line) {
      if (/^\u2716 failing tests:/.test(line)) inside = true;
      else if (inside && lines.length < FAILURE_LINES_SHOWN) lines.push(line);
    },
  };
}

/**
 * A public folder (with its uploads folder) of a worker's own, so that jobs running side by side do not
 * see each other's uploads (tests count the files a publish wrote). A worker's jobs run in turn.
 */
const publicFolders = new Set();
function ownPublicFolder(name) {
  const dir = path.join(root, 'test', '.runs', `public-${name}`);
  publicFolders.add(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  return dir;
}

/**
 * A folder of a database's own for its template databases (test/helpers/database-templates.ts): each
 * test's Strapi starts on a copy of a database a Strapi of the same app started on once in this run.
 * TEST_DATABASE_TEMPLATES=0 starts every one on an empty database.
 */
const templateFolders = new Set();
function ownTemplatesFolder(client) {
  if (process.env.TEST_DATABASE_TEMPLATES === '0') return '';
  const dir = path.join(root, 'test', '.runs', `templates-${process.pid}-${client}`);
  templateFolders.add(dir);
  return dir;
}

/** Drops the template databases a folder records and removes it (test/helpers/drop-templates.ts). */
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

/** How each database is named in the report. */
const LABELS = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MariaDB' };

/**
 * Every job of the run: the unit tests, each integration file on SQLite, each file whose subject depends
 * on the database on PostgreSQL and MariaDB too, and the compatibility check.
 */
function jobsOf(databases) {
  const integration = listTests('test');
  const jobs = [];
  const fileJob = (client, file) => ({ client, name: file, files: [file] });
  if (databases.includes('sqlite')) {
    jobs.push({
      client: 'sqlite',
      name: 'unit',
      files: [...listTests('core/test'), ...listTests('server/test')],
    });
    for (const file of integration) jobs.push(fileJob('sqlite', file));
  }
  for (const client of ['postgres', 'mysql'].filter((name) => databases.includes(name)))
    for (const file of integration.filter((name) => !DATABASE_INDEPENDENT.includes(name)))
      jobs.push(fileJob(client, file));
  return jobs;
}

/** A job's name in the recorded times: its database and its file (or `unit`, `selected`). */
const jobKey = (job) => `${job.client} ${job.name}`;

function readRecordedSeconds() {
  try {
    return JSON.parse(fs.readFileSync(RECORDED_SECONDS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The whole run as one pool of jobs: TEST_WORKERS (default 3) run side by side, each taking the longest
 * job left. Each test file waits on its Strapi's start, its database or the registry part of the time, so
 * three keep the two cores of these machines busy. TEST_WORKERS=1 runs the jobs one after the other.
 */
async function runPool(jobs, workerCount) {
  const recorded = readRecordedSeconds();
  const weightOf = (job) => recorded[jobKey(job)] ?? NEW_FILE_SECONDS;
  const queue = [...jobs].sort((a, b) => weightOf(b) - weightOf(a));
  const outcomes = [];
  const templatesOf = {};
  const worker = async (n) => {
    const publicDir = ownPublicFolder(`worker-${n}`);
    for (let job = queue.shift(); job; job = queue.shift()) {
      templatesOf[job.client] ??= ownTemplatesFolder(job.client);
      const env = {
        TEST_DATABASE_CLIENT: job.client,
        PLAYGROUND_PUBLIC_DIR: publicDir,
        TEST_DATABASE_TEMPLATES: templatesOf[job.client],
      };
      const outcome = await runJob(job, env, `[${job.client} ${n}: ${path.basename(job.name, '.test.ts')}]`);
      outcomes.push({ job, ...outcome });
    }
  };
  await Promise.all(Array.from({ length: workerCount }, (_, n) => worker(n + 1)));
  return outcomes;
}

async function runAll() {
  const only = process.argv.slice(2);
  const databases = (process.env.TEST_DATABASES ?? 'sqlite,postgres,mysql').split(',').map((d) => d.trim());
  const chosen = process.env.TEST_DATABASE_CLIENT ?? 'sqlite';
  const jobs = only.length ? [{ client: chosen, name: 'selected', files: only }] : jobsOf(databases);
  const workerCount = only.length ? 1 : Math.max(1, Number(process.env.TEST_WORKERS ?? 3));
  console.log(
    `\n=== ${jobs.length} jobs, ${workerCount} side by side (lines prefixed [database worker: file]) ===`
  );
  return runPool(jobs, workerCount);
}

runAll().then((outcomes) => {
  for (const dir of publicFolders) fs.rmSync(dir, { recursive: true, force: true });
  for (const dir of templateFolders) removeTemplates(dir);
  // Every job's time, for the next dealing (see RECORDED_SECONDS_FILE).
  const seconds = Object.fromEntries(
    outcomes.map(({ job, seconds: s }) => [jobKey(job), Math.round(s)]).sort(([a], [b]) => a.localeCompare(b))
  );
  fs.mkdirSync(path.join(root, 'test', '.runs'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'test', '.runs', 'test-seconds.json'),
    `${JSON.stringify(seconds, null, 2)}\n`
  );
  console.log('\n=== summary ===');
  for (const client of Object.keys(LABELS)) {
    const mine = outcomes.filter(({ job }) => job.client === client);
    if (!mine.length) continue;
    const sum = (key) => mine.reduce((total, outcome) => total + outcome[key], 0);
    const slowest = [...mine]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 8)
      .map(({ job, seconds: s }) => `${job.name} ${Math.round(s)} s`);
    console.log(
      `${LABELS[client]}: ${sum('passed')} passed, ${sum('failed')} failed, ${Math.round(sum('seconds'))} s of jobs`
    );
    console.log(`  slowest files: ${slowest.join(', ')}`);
  }
  for (const { job, failureLines } of outcomes.filter((outcome) => outcome.failed > 0)) {
    console.log(`failed: ${jobKey(job)}`);
    for (const line of failureLines) console.log(`  ${line}`);
  }
  console.log(
    `suite time: ${Math.round((Date.now() - suiteStartedAt) / 1000)} s (from the start of npm test)`
  );
  const passed = outcomes.reduce((sum, outcome) => sum + outcome.passed, 0);
  const failed = outcomes.reduce((sum, outcome) => sum + outcome.failed, 0);
  console.log(`total: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 && outcomes.length > 0 ? 0 : 1);
});
