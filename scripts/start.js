#!/usr/bin/env node
// `npm start`: builds what is out of date (the plugin, then the playground's admin panel) and starts
// the playground Strapi with the plugin. PORT, HOST, DATABASE_* and ARTICLE_PUBLISHER_* are passed on.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ensureAdminBuilt, ensurePluginBuilt, playgroundDir } = require('./lib/builds');
const { stillToDo } = require('./lib/still-to-do');

ensurePluginBuilt();
ensureAdminBuilt();

const port = process.env.PORT || '1337';
const base = `http://localhost:${port}`;
const banner = (todo) => `
Article Publisher playground
  Admin panel:   ${base}/admin
${todo.length ? `  Still to do:\n${todo.map((step, index) => `    ${index + 1}. ${step}`).join('\n')}\n` : ''}\
  Check it:      curl -H "X-Service-Key: <key>" ${base}/api/service/v1/ping
`;
console.log(`\nStarting Strapi at ${base} (the admin panel answers in about half a minute)...\n`);

const strapiBin = path.join(
  path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [playgroundDir] })),
  'bin',
  'strapi.js'
);
const child = spawn(process.execPath, [strapiBin, 'start'], {
  cwd: playgroundDir,
  stdio: 'inherit',
  env: { STRAPI_TELEMETRY_DISABLED: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));

// Once Strapi answers, the banner: where the admin is, and what is still to do (asked of the site, so a
// restart does not ask again for an admin and a key that exist).
const http = require('node:http');
const announceWhenListening = (attemptsLeft) => {
  if (attemptsLeft === 0) return;
  const retry = () => setTimeout(() => announceWhenListening(attemptsLeft - 1), 1000).unref();
  http
    .get(`http://127.0.0.1:${port}/_health`, (response) => {
      response.resume();
      if (response.statusCode === 204)
        stillToDo(base).then((todo) => console.log(`${banner(todo)}  Ready.\n`));
      else retry();
    })
    .on('error', retry);
};
announceWhenListening(180);
child.on('exit', (code) => process.exit(code ?? 1));
