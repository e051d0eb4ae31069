import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { request } from './helpers/http';
import { playgroundDir, repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';

const KEY = 'apk_environment-provided-key-0123456789';

describe('the packed package (npm pack) in a Strapi app', () => {
  const unpackDir = path.join(playgroundDir, '.packed', `run-${process.pid}`);
  let files: string[] = [];
  let site: Playground;

  before(async () => {
    fs.mkdirSync(unpackDir, { recursive: true });
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', unpackDir], {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      })
    ) as { filename: string; files: { path: string }[] }[];
    files = packed[0].files.map((file) => file.path);
    execFileSync('tar', ['-xzf', path.join(unpackDir, packed[0].filename), '-C', unpackDir]);
    site = await startPlayground({
      env: {
        PLAYGROUND_PLUGIN_PATH: path.relative(playgroundDir, path.join(unpackDir, 'package')),
        ARTICLE_PUBLISHER_API_KEY: KEY,
      },
    });
  });
  after(async () => {
    await site?.stop();
    fs.rmSync(unpackDir, { recursive: true, force: true });
  });

  it('ships the built server and admin entries and no sources', () => {
    assert.ok(files.includes('dist/server/index.js'));
    assert.ok(files.includes('dist/admin/index.js'));
    assert.ok(files.includes('package.json'));
    assert.ok(!files.some((file) => file.startsWith('server/') || file.startsWith('playground/')));
  });

  it('loads from the unpacked tarball and answers ping with the key from the environment', async () => {
    assert.match(site.output(), /Strapi started successfully/);
    const response = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.json.status, 'success');
    assert.equal((await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': 'apk_other' } })).status, 403);
  });

  it('tells the admin that the key comes from the environment and refuses to regenerate it', async () => {
    const token = await registerSuperAdmin(site.url);
    const auth = { authorization: `Bearer ${token}` };
    const settings = await request(`${site.url}/article-publisher/settings`, { headers: auth });
    assert.equal(settings.status, 200);
    assert.deepEqual(settings.json.apiKey, { source: 'environment', hint: null, createdAt: null });
    assert.ok(!settings.text.includes(KEY));
    const regenerate = await request(`${site.url}/article-publisher/api-key`, { method: 'POST', headers: auth });
    assert.equal(regenerate.status, 400);
    assert.match(regenerate.json.error.message, /ARTICLE_PUBLISHER_API_KEY/);
  });
});
