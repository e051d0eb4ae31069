import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CHECK_SLUG, createClient } from '../core/src/toolkit';
import { registerSuperAdmin } from './helpers/admin';
import { runCli } from './helpers/cli';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

const KEY = 'apk_cli-check-tests-0123456789abcdef';
const SECRET = 'whsec_cli-check-tests-0123456789abcdef';

const cli = runCli;

describe('article-publisher check against the playground', () => {
  let site: Playground;
  const checkArgs = (key: string) => [
    'check',
    '--site',
    site.url,
    '--key',
    key,
    '--webhook-url',
    `${site.url}/api/service/v1/webhook`,
    '--secret',
    SECRET,
  ];

  before(async () => {
    site = await startPlayground({
      fixtureTypes: ['guide'],
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
    });
  });
  after(async () => site?.stop());

  it('passes every check, twice, and leaves no article and no media file behind; its deliveries are marked as checks', async () => {
    const filesBefore = (await tableRows(site.database, 'files')).length;
    for (const run of [1, 2]) {
      const result = await cli(checkArgs(KEY));
      assert.equal(result.code, 0, `run ${run}:\n${result.stdout}\n${result.stderr}`);
      assert.match(result.stdout, / 0 failed, 0 skipped\. The site honours the contract\./);
      assert.doesNotMatch(result.stdout, /FAIL|SKIP/);
    }
    assert.deepEqual(await readArticle(site.url, CHECK_SLUG, 'draft'), [], 'no post on the check slug');
    assert.deepEqual(await readArticle(site.url, CHECK_SLUG, 'published'), []);
    // Its cover image was imported into the Media Library for the check post, and goes with it.
    assert.equal((await tableRows(site.database, 'files')).length, filesBefore, 'no media file left');

    // The activity page lists articles by default; the check's deliveries carry the marker.
    const token = await registerSuperAdmin(site.url);
    const activity = (kind?: string) =>
      request(
        `${site.url}/article-publisher/activity${kind ? `?kind=${kind}&pageSize=100` : '?pageSize=100'}`,
        {
          headers: { authorization: `Bearer ${token}` },
        }
      );
    const articles = await activity();
    assert.equal(articles.status, 200, articles.text);
    assert.equal(
      articles.json.results.filter((entry: { slug: string }) => entry.slug === CHECK_SLUG).length,
      0
    );
    const checks = await activity('checks');
    assert.ok(checks.json.results.length >= 10, `the two runs' deliveries: ${checks.json.results.length}`);
    for (const entry of checks.json.results) {
      assert.equal(entry.slug, CHECK_SLUG);
      assert.equal(entry.check, true);
    }
    const all = await activity('all');
    assert.equal(all.json.pagination.total, checks.json.pagination.total + articles.json.pagination.total);
  });

  it('checks the webhook too when the secret comes from the environment, as the quickstart exports it', async () => {
    const result = await cli(['check', '--site', site.url, '--json'], '', {
      ARTICLE_PUBLISHER_API_KEY: KEY,
      ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET,
    });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const report = JSON.parse(result.stdout);
    assert.equal(report.ok, true);
    const ids = report.checks.map((check: { id: string }) => check.id);
    assert.ok(ids.includes('webhook-signed') && ids.includes('webhook-bad-signature'), ids.join(', '));
  });

  it('reports every check in --json output', async () => {
    const result = await cli([...checkArgs(KEY), '--json']);
    assert.equal(result.code, 0, result.stdout);
    const report = JSON.parse(result.stdout);
    assert.equal(report.ok, true);
    assert.equal(report.slug, CHECK_SLUG);
    const ids = report.checks.map((check: { id: string }) => check.id);
    for (const id of [
      'ping',
      'missing-key',
      'wrong-key',
      'missing-fields',
      'create',
      'update',
      'images',
      'status-pending',
      'status-draft',
      'cleanup',
    ]) {
      assert.ok(ids.includes(id), `checks ${id}`);
    }
    for (const id of ['webhook-unsigned', 'webhook-bad-signature', 'webhook-signed', 'webhook-repeat']) {
      assert.ok(ids.includes(id), `checks ${id}`);
    }
  });

  it('fails with exit code 1 against a wrong key and says why', async () => {
    const result = await cli(checkArgs('apk_not-the-key-of-this-site-0000'));
    assert.equal(result.code, 1, result.stdout);
    assert.match(
      result.stdout,
      /FAIL {2}ping answers with the site details +403 invalid_api_key: The X-Service-Key header does not match/
    );
    assert.match(result.stdout, /SKIP {2}draft on the check slug/);
    assert.match(result.stdout, /The site does not honour the contract/);
  });

  it('sanitize prints byte for byte what the plugin stores for an image-free body', async () => {
    const html = [
      '<h2 onclick="steal()">Care &amp; storage</h2><script>alert(1)</script><style>p{}</style>',
      '<p style="color:red">Drain the hose <strong>after use</strong>, see <a href="javascript:alert(1)">this</a>',
      ' or <a href="https://example.com/guide" target="_blank">the guide</a>.</p>',
      '<ul><li>One</li><li>Two &lt;three&gt;</li></ul><blockquote><p>“Quoted” – ünïcode ✓</p></blockquote>',
      '<div class="video-embed"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" class="responsive-video" allowfullscreen></iframe></div>',
      '<iframe src="https://evil.example/embed/1"></iframe>',
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
      '<pre><code class="language-js">let a = 1 &lt; 2;</code></pre><hr><p>End<br>line</p>\n',
    ].join('');
    const client = createClient({ siteUrl: site.url, apiKey: KEY });
    await client.publishPost({
      title: 'Sanitizer parity',
      slug: 'sanitizer-parity',
      content: html,
      status: 'draft',
    });
    const [stored] = await readArticle(site.url, 'sanitizer-parity', 'draft');

    const result = await cli(['sanitize'], html);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, stored.content);
  });
});
