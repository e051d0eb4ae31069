#!/usr/bin/env node
// `npm start`: builds what is out of date (the plugin, then the playground's admin panel) and starts
// the playground Strapi with the plugin. PORT, HOST, DATABASE_* and ARTICLE_PUBLISHER_* are passed on.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ensureAdminBuilt, ensurePluginBuilt, playgroundDir } = require('./lib/builds');

ensurePluginBuilt();
ensureAdminBuilt();

const port = process.env.PORT || '1337';
const base = `http://localhost:${port}`;
const keyHint = process.env.ARTICLE_PUBLISHER_API_KEY
  ? 'The key is ARTICLE_PUBLISHER_API_KEY from your environment.'
  : `Create the first admin at ${base}/admin, then open Settings > Article Publisher and click "Generate key"\n  (or start with ARTICLE_PUBLISHER_API_KEY=<at least 16 characters> npm start).`;
const banner = `
Article Publisher playground
  Admin panel:   ${base}/admin
  Get a key:     ${keyHint}
  Check it:      curl -H "X-Service-Key: <key>" ${base}/api/service/v1/ping
`;
console.log(banner);

const strapiBin = path.join(path.dirname(require.resolve('@strapi/strapi/package.json', { paths: [playgroundDir] })), 'bin', 'strapi.js');
const child = spawn(process.execPath, [strapiBin, 'start'], {
  cwd: playgroundDir,
  stdio: 'inherit',
  env: { STRAPI_TELEMETRY_DISABLED: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));

// Strapi's start-up logs push the banner out of sight: print it again once Strapi answers.
const http = require('node:http');
const announceWhenListening = (attemptsLeft) => {
  if (attemptsLeft === 0) return;
  const retry = () => setTimeout(() => announceWhenListening(attemptsLeft - 1), 1000).unref();
  http
    .get(`http://127.0.0.1:${port}/_health`, (response) => {
      response.resume();
      if (response.statusCode === 204) console.log(`${banner}  Ready.\n`);
      else retry();
    })
    .on('error', retry);
};
announceWhenListening(180);
child.on('exit', (code) => process.exit(code ?? 1));
