#!/usr/bin/env node
// `npm start`: builds what is out of date (the plugin, then the playground's admin panel) and starts
// the playground Strapi with the plugin. PORT, HOST, DATABASE_* and ARTICLE_PUBLISHER_* are passed on.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const playgroundDir = path.join(root, 'playground');

/** Newest modification time under the given files and folders (0 when none exist). */
function newest(paths) {
  let latest = 0;
  const visit = (target) => {
    if (!fs.existsSync(target)) return;
    const stat = fs.statSync(target);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target)) if (entry !== 'node_modules') visit(path.join(target, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const pluginSources = ['server/src', 'admin/src', 'core/src', 'strapi-server.ts', 'package.json'].map((p) => path.join(root, p));
const pluginBuilt = newest([path.join(root, 'dist/server/index.js'), path.join(root, 'dist/admin/index.js')]);
if (!pluginBuilt || newest(pluginSources) > pluginBuilt) {
  console.log('Building the plugin...');
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const adminBuilt = newest([path.join(playgroundDir, 'build/index.html')]);
if (!adminBuilt || newest([path.join(root, 'dist/admin'), path.join(playgroundDir, 'src/admin')]) > adminBuilt) {
  console.log('Building the admin panel (about a minute the first time)...');
  execFileSync(process.execPath, [path.join(__dirname, 'build-playground-admin.js')], { cwd: playgroundDir, stdio: 'inherit' });
}

const port = process.env.PORT || '1337';
const base = `http://localhost:${port}`;
const keyHint = process.env.ARTICLE_PUBLISHER_API_KEY
  ? 'The key is ARTICLE_PUBLISHER_API_KEY from your environment.'
  : `Create the first admin at ${base}/admin, then open Settings > Article Publisher and click "Generate key"\n  (or start with ARTICLE_PUBLISHER_API_KEY=<at least 16 characters> npm start).`;
console.log(`
Article Publisher playground
  Admin panel:   ${base}/admin
  Get a key:     ${keyHint}
  Check it:      curl -H "X-Service-Key: <key>" ${base}/api/service/v1/ping
`);

const strapiBin = path.join(path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [playgroundDir] })), 'bin', 'strapi.js');
const child = spawn(process.execPath, [strapiBin, 'start'], {
  cwd: playgroundDir,
  stdio: 'inherit',
  env: { STRAPI_TELEMETRY_DISABLED: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
