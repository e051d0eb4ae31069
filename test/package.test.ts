import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { runCommand } from './helpers/cli';
import { request } from './helpers/http';
import { playgroundDir, repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';

const KEY = 'apk_environment-provided-key-0123456789';
const PACKAGE_NAME = 'strapi-plugin-article-publisher';

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
    // Installed under its name, as `npm install <tarball>` would, so `require('<name>/toolkit')` resolves.
    fs.mkdirSync(path.join(unpackDir, 'node_modules'), { recursive: true });
    fs.symlinkSync(
      path.join(unpackDir, 'package'),
      path.join(unpackDir, 'node_modules', PACKAGE_NAME),
      'dir'
    );
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
    assert.equal(
      (await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': 'apk_other' } }))
        .status,
      403
    );
  });

  it('tells the admin that the key comes from the environment and refuses to regenerate it', async () => {
    const token = await registerSuperAdmin(site.url);
    const auth = { authorization: `Bearer ${token}` };
    const settings = await request(`${site.url}/article-publisher/settings`, { headers: auth });
    assert.equal(settings.status, 200);
    assert.deepEqual(settings.json.apiKey, { source: 'environment', hint: null, createdAt: null });
    assert.ok(!settings.text.includes(KEY));
    const regenerate = await request(`${site.url}/article-publisher/api-key`, {
      method: 'POST',
      headers: auth,
    });
    assert.equal(regenerate.status, 400);
    assert.match(regenerate.json.error.message, /ARTICLE_PUBLISHER_API_KEY/);
  });

  /** Runs Node in the unpack folder, where the package resolves by its name like an installed dependency. */
  const nodeIn = (args: string[]) => runCommand(process.execPath, args, '', unpackDir);

  it('exposes the toolkit to require() and to import, with its type declarations', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(unpackDir, 'package', 'package.json'), 'utf8'));
    const toolkitExport = manifest.exports['./toolkit'];
    for (const condition of ['types', 'import', 'require']) {
      assert.ok(
        fs.existsSync(path.join(unpackDir, 'package', toolkitExport[condition])),
        `./toolkit ${condition} is packed`
      );
    }
    const names = [
      'createClient',
      'deliverWebhook',
      'signWebhook',
      'verifyWebhook',
      'sanitizeArticleHtml',
      'runConformanceCheck',
    ];
    const required = await nodeIn([
      '-e',
      `const t = require('${PACKAGE_NAME}/toolkit'); console.log(JSON.stringify(Object.keys(t)))`,
    ]);
    assert.equal(required.code, 0, required.stderr);
    for (const name of names)
      assert.ok(JSON.parse(required.stdout).includes(name), `require() gives ${name}`);
    const imported = await nodeIn([
      '--input-type=module',
      '-e',
      `import { ${names.join(', ')} } from '${PACKAGE_NAME}/toolkit';\n` +
        `console.log(signWebhook('{}', 'secret'), typeof createClient, typeof sanitizeArticleHtml);`,
    ]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /^[0-9a-f]{64} function function$/m);
  });

  it('runs the packed article-publisher binary: --help and a ping against the site', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(unpackDir, 'package', 'package.json'), 'utf8'));
    const binary = path.join(unpackDir, 'package', manifest.bin['article-publisher']);
    assert.ok(files.includes(manifest.bin['article-publisher']), 'the binary is in the tarball');
    assert.match(fs.readFileSync(binary, 'utf8'), /^#!\/usr\/bin\/env node/);
    const help = await nodeIn([binary, '--help']);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /Usage: article-publisher <command>/);
    const ping = await nodeIn([binary, 'ping', '--site', site.url, '--key', KEY, '--json']);
    assert.equal(ping.code, 0, ping.stdout + ping.stderr);
    assert.equal(JSON.parse(ping.stdout).status, 'success');
    const wrongKey = await nodeIn([
      binary,
      'ping',
      '--site',
      site.url,
      '--key',
      'apk_not-this-site-0000000000',
    ]);
    assert.equal(wrongKey.code, 1, wrongKey.stdout);
  });
});
