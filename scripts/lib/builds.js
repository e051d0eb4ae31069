// What `npm start` and the browser tests need built, rebuilt only when a source is newer than its output.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const LOCK_FILE = path.join(require('node:os').tmpdir(), 'article-publisher-build.lock');

/** Runs a build command holding a machine-wide lock, so parallel test runs never build over each other. */
function lockedExec(command, args, options) {
  const hasFlock = ['/usr/bin/flock', '/bin/flock'].some((p) => fs.existsSync(p));
  if (hasFlock) execFileSync('flock', [LOCK_FILE, command, ...args], options);
  else execFileSync(command, args, options);
}
const playgroundDir = path.join(root, 'playground');

/** Newest modification time under the given files and folders (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (target) => {
    if (!fs.existsSync(target)) return;
    const stat = fs.statSync(target);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target))
        if (entry !== 'node_modules') visit(path.join(target, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

/**
 * Runs one build step, printing it as it starts and its time when it ends (`npm start`'s first run
 * builds for minutes: a silent terminal looks hung).
 */
function timedStep(label, run, quiet) {
  if (!quiet) console.log(`> ${label}...`);
  const started = Date.now();
  run();
  if (!quiet) console.log(`  done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The plugin's build, package.json's `build` script, one command at a time so each is shown. */
const pluginBuildSteps = () => require(path.join(root, 'package.json')).scripts.build.split(' && ');

function ensurePluginBuilt({ quiet = false } = {}) {
  const sources = ['server/src', 'admin/src', 'core/src', 'cli', 'strapi-server.ts', 'package.json'].map(
    (p) => path.join(root, p)
  );
  const built = newest([path.join(root, 'dist/server/index.js'), path.join(root, 'dist/admin/index.js')]);
  if (built && newest(sources) <= built) return false;
  const steps = pluginBuildSteps();
  const env = {
    ...process.env,
    PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
  };
  steps.forEach((step, index) =>
    timedStep(
      `Building the plugin, step ${index + 1} of ${steps.length}: ${step}`,
      () => lockedExec('sh', ['-c', step], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] }),
      quiet
    )
  );
  return true;
}

/** Whether the playground's admin build is newer than everything it is built from. */
function adminBuildIsFresh() {
  const built = newest([path.join(playgroundDir, 'build/index.html')]);
  const sources = [
    path.join(root, 'dist/admin'),
    path.join(playgroundDir, 'src/admin'),
    path.join(playgroundDir, 'config'),
  ];
  return built > 0 && newest(sources) <= built;
}

function ensureAdminBuilt({ quiet = false } = {}) {
  if (adminBuildIsFresh()) return false;
  // `--if-stale`: asked again under the lock, so that a run which waited for another's build (test passes
  // side by side) does not rebuild the folder that the other one's Strapi is serving.
  timedStep(
    'Building the admin panel (one to three minutes the first time)',
    () =>
      lockedExec(process.execPath, [path.join(root, 'scripts/build-playground-admin.js'), '--if-stale'], {
        cwd: playgroundDir,
        stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
      }),
    quiet
  );
  return true;
}

module.exports = {
  ensurePluginBuilt,
  ensureAdminBuilt,
  adminBuildIsFresh,
  lockedExec,
  pluginBuildSteps,
  timedStep,
  root,
  playgroundDir,
};
