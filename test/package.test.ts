import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { runCommand } from './helpers/cli';
import { createFreshApp, npmIn, packPlugin } from './helpers/fresh-app';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';

const KEY = 'apk_environment-provided-key-0123456789';
const PACKAGE_NAME = 'strapi-plugin-article-publisher';

/**
 * The README's tarball path, step by step: `npm pack` here, then in a new Strapi app
 * `npm install /path/to/<tarball>`, `npm run build` (the admin, with the plugin's pages) and start.
 */
describe('the packed package (npm pack) installed into a new Strapi app', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-package-'));
  const appDir = path.join(workDir, 'app');
  const installedDir = path.join(appDir, 'node_modules', PACKAGE_NAME);
  let files: string[] = [];
  let site: Playground;

  before(async () => {
    const packed = packPlugin(workDir);
    files = packed.files;
    const { appEnv } = createFreshApp(appDir);
    npmIn(appDir, ['install', packed.tarball], appEnv);
    npmIn(appDir, ['run', 'build'], appEnv);
    site = await startPlayground({
      appDir,
      withAdminPanel: false,
      env: { ...appEnv, SERVE_ADMIN_PANEL: 'true', ARTICLE_PUBLISHER_API_KEY: KEY },
    });
  });
  after(async () => {
    await site?.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('ships the built server and admin entries and no sources', () => {
    assert.ok(files.includes('dist/server/index.js'));
    assert.ok(files.includes('dist/admin/index.js'));
    assert.ok(files.includes('package.json'));
    assert.ok(!files.some((file) => file.startsWith('server/') || file.startsWith('playground/')));
  });

  it('is installed as a dependency of the app, from the tarball, and enabled with no config entry', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
    assert.match(manifest.dependencies[PACKAGE_NAME], /^file:.*\.tgz$/);
    assert.ok(fs.lstatSync(installedDir).isDirectory(), 'unpacked into node_modules, not linked');
    assert.ok(!fs.existsSync(path.join(appDir, 'config', 'plugins.js')));
    assert.match(site.output(), /Strapi started successfully/);
  });

  it('answers ping with the key from the environment', async () => {
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

  it("serves the admin panel that the app's `npm run build` built with the plugin's pages", async () => {
    const admin = await request(`${site.url}/admin`);
    assert.equal(admin.status, 200);
    assert.match(admin.text, /<html/i);
    const bundle = fs.readdirSync(path.join(appDir, 'build')).filter((file) => file.endsWith('.js'));
    assert.ok(
      bundle.some((file) =>
        fs.readFileSync(path.join(appDir, 'build', file), 'utf8').includes('article-publisher')
      ),
      "the admin bundle registers the plugin's pages"
    );
  });

  /** Runs Node in the app, where the package resolves by its name as an installed dependency. */
  const nodeIn = (args: string[]) => runCommand(process.execPath, args, '', appDir);

  it('exposes the toolkit to require() and to import, with its type declarations', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installedDir, 'package.json'), 'utf8'));
    const toolkitExport = manifest.exports['./toolkit'];
    for (const condition of ['types', 'import', 'require']) {
      assert.ok(
        fs.existsSync(path.join(installedDir, toolkitExport[condition])),
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

  it('ships the worker thread entry for large articles, next to the server bundle, and it runs in a pool', async () => {
    // server/src/worker/pool.ts finds it at dist/server/../worker/... (issue #30).
    const worker = 'dist/worker/server/src/worker/article-work.js';
    assert.ok(files.includes(worker), 'the worker entry is packed');
    const script = `
      const { Piscina } = require(require.resolve('piscina', { paths: [${JSON.stringify(installedDir)}] }));
      const pool = new Piscina({ filename: ${JSON.stringify(path.join(installedDir, worker))} });
      const fields = { title: 'T', html: '<h2>A</h2><p>One <script>x()</script>two</p>', slug: undefined,
        status: undefined, focusKeyword: undefined, secondaryKeywords: [], metaDescription: undefined,
        jsonLd: undefined, featuredImage: undefined, categories: { kind: 'none' } };
      const options = { defaultStatus: 'draft', sanitize: {} };
      pool.run({ fields, options }, { name: 'normalize' })
        .then(async ({ article, body }) => {
          const written = await pool.run({ html: article.html, libraryFiles: new Map(), existingZone: [],
            body: { field: 'body', body: { name: 'body', attribute: { type: 'richtext' }, detected: 'markdown', format: 'markdown' } } },
            { name: 'writeBody' });
          // The body's text crosses in the article (its SEO fallback), not twice (issue #62).
          console.log(JSON.stringify([article.html, article.seo.descriptionFallback, 'text' in body, written.value]));
          await pool.destroy();
        });`;
    const ran = await nodeIn(['-e', script]);
    assert.equal(ran.code, 0, ran.stderr);
    assert.deepEqual(JSON.parse(ran.stdout), [
      '<h2>A</h2><p>One two</p>',
      'A One two',
      false,
      '## A\n\nOne two',
    ]);
  });

  it('runs the article-publisher binary npm linked into the app: --help and a ping against the site', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(installedDir, 'package.json'), 'utf8'));
    assert.ok(files.includes(manifest.bin['article-publisher']), 'the binary is in the tarball');
    // What `npx article-publisher` runs in the app: the link npm made in node_modules/.bin.
    const binary = path.join(appDir, 'node_modules', '.bin', 'article-publisher');
    assert.equal(
      fs.realpathSync(binary),
      path.join(fs.realpathSync(installedDir), manifest.bin['article-publisher'])
    );
    const run = (args: string[]) => runCommand(binary, args, '', appDir);
    const help = await run(['--help']);
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /Usage: article-publisher <command>/);
    const ping = await run(['ping', '--site', site.url, '--key', KEY, '--json']);
    assert.equal(ping.code, 0, ping.stdout + ping.stderr);
    assert.equal(JSON.parse(ping.stdout).status, 'success');
    const wrongKey = await run(['ping', '--site', site.url, '--key', 'apk_not-this-site-0000000000']);
    assert.equal(wrongKey.code, 1, wrongKey.stdout);
  });
});
