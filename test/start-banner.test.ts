import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { ADMIN_PASSWORD, registerSuperAdmin } from './helpers/admin';
import { createTestDatabase, type TestDatabase } from './helpers/databases';
import { request } from './helpers/http';
import { repoRoot } from './helpers/paths';
import { freePort } from './helpers/playground';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with scripts/start.js (plain JS)
const builds = require('../scripts/lib/builds') as {
  timedStep: (label: string, run: () => void, quiet: boolean) => void;
  pluginBuildSteps: () => string[];
};

/**
 * `npm start` (scripts/start.js) on its own port and database until it prints "Ready."; then `meanwhile`
 * (what the reader does in the admin) and a stop. Answers the banner it printed once Strapi answered.
 */
async function runStart(
  port: number,
  database: TestDatabase,
  meanwhile: (url: string) => Promise<void> = async () => undefined
): Promise<string> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'start.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
      ARTICLE_PUBLISHER_API_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start printed no "Ready." in time:\n${output}`)),
      300_000
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/\n {2}Ready\.\n/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => reject(new Error(`npm start exited:\n${output}`)));
  });
  try {
    await ready;
    await meanwhile(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return output.slice(output.lastIndexOf('Article Publisher playground'));
}

describe('npm start: each build step shown with its time; the banner says what is still to do (issue #60)', () => {
  let database: TestDatabase | undefined;
  after(async () => database?.drop());

  it('prints each build step as it starts and its time when it ends', () => {
    const printed: string[] = [];
    const log = console.log;
    console.log = (line: string) => printed.push(line);
    try {
      builds.timedStep('Building the plugin, step 1 of 3: strapi-plugin build', () => undefined, false);
    } finally {
      console.log = log;
    }
    assert.deepEqual(printed, [
      '> Building the plugin, step 1 of 3: strapi-plugin build...',
      '  done in 0 s',
    ]);
    // The plugin's steps are package.json's `build` script, every command of it.
    const steps = builds.pluginBuildSteps();
    assert.ok(steps.length > 1 && steps[0].startsWith('strapi-plugin build'), steps.join(' | '));
  });

  it('asks for the first admin and a key on a new site, only for the key once an admin exists, for nothing after', async () => {
    database = await createTestDatabase();
    const port = await freePort();
    const fresh = await runStart(port, database, async (url) => {
      await registerSuperAdmin(url);
    });
    assert.match(
      fresh,
      /Still to do:\n {4}1\. Create the first admin at http:\/\/localhost:\d+\/admin\n {4}2\. Generate one: Settings > Article Publisher > "Generate key"/
    );

    const adminOnly = await runStart(port, database, async (url) => {
      const login = await request(`${url}/admin/login`, {
        method: 'POST',
        body: { email: 'owner@example.com', password: ADMIN_PASSWORD },
      });
      assert.equal(login.status, 200, login.text);
      const key = await request(`${url}/article-publisher/api-key`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.json.data.token}` },
      });
      assert.equal(key.status, 200, key.text);
    });
    assert.match(
      adminOnly,
      /Still to do:\n {4}1\. Generate one: Settings > Article Publisher > "Generate key"/
    );
    assert.ok(!adminOnly.includes('Create the first admin'), adminOnly);

    const done = await runStart(port, database);
    assert.ok(!done.includes('Still to do'), done);
    assert.match(done, /Admin panel: {3}http:\/\/localhost:\d+\/admin/);
  });
});
