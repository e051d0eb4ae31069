import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { runCommand, type CliRun } from './helpers/cli';
import { request } from './helpers/http';
import { repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

/** A shell block of the README's quickstart, with the marker comment written right above its fence. */
interface QuickstartBlock {
  marker: string;
  script: string;
}

/** The quickstart's shell blocks, read from the README so that the test and the text cannot drift apart. */
function quickstartBlocks(): QuickstartBlock[] {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Quickstart');
  assert.ok(start >= 0, 'the README has a Quickstart section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const blocks: QuickstartBlock[] = [];
  const fence = /<!-- quickstart-test: ([^>]+?) -->\n```bash\n([\s\S]*?)```/g;
  for (const match of section.matchAll(fence)) blocks.push({ marker: match[1], script: match[2] });
  const unmarked = (section.match(/```bash/g) ?? []).length - blocks.length;
  assert.equal(unmarked, 0, 'every shell block of the quickstart carries a quickstart-test marker');
  return blocks;
}

describe("the README's quickstart, run as written against the playground", () => {
  let site: Playground;
  const blocks = quickstartBlocks();
  const outputs = new Map<string, CliRun>();
  const environment: Record<string, string> = {};
  let adminToken = '';

  before(async () => {
    // As `npm start` runs it: the Article's Markdown field receives Markdown.
    site = await startPlayground({ articleBodyFormat: 'auto' });
    // What the reader does in the admin: create the first administrator, generate a key and a secret.
    const token = await registerSuperAdmin(site.url);
    adminToken = token;
    const auth = { authorization: `Bearer ${token}` };
    const key = await request(`${site.url}/article-publisher/api-key`, { method: 'POST', headers: auth });
    const secret = await request(`${site.url}/article-publisher/webhook-secret`, {
      method: 'POST',
      headers: auth,
      body: {},
    });
    assert.equal(key.status, 200, key.text);
    assert.equal(secret.status, 200, secret.text);
    environment.SITE = site.url;
    environment.ARTICLE_PUBLISHER_API_KEY = key.json.key;
    environment.ARTICLE_PUBLISHER_WEBHOOK_SECRET = secret.json.secret;

    for (const block of blocks.filter((candidate) => candidate.marker.startsWith('run '))) {
      const exports = Object.entries(environment)
        .map(([name, value]) => `export ${name}='${value}'`)
        .join('\n');
      const run = await runCommand('bash', ['-euo', 'pipefail', '-c', `${exports}\n${block.script}`]);
      outputs.set(block.marker.slice('run '.length), run);
    }
  });
  after(async () => {
    await site?.stop();
  });

  it('starts with the two commands and asks for exactly the variables the test provides', () => {
    assert.equal(blocks[0].marker, 'started by the test');
    assert.match(blocks[0].script, /^npm install && npm start\n$/);
    const environmentBlock = blocks.find((block) => block.marker === 'environment');
    assert.ok(environmentBlock, 'an environment block');
    const names = [...environmentBlock.script.matchAll(/^export (\w+)=/gm)].map((match) => match[1]);
    assert.deepEqual(names.sort(), Object.keys(environment).sort());
  });

  it("shows the Article and its Category in the Content Manager, none of the tests' fixture types", async () => {
    const init = await request(`${site.url}/content-manager/init`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    assert.equal(init.status, 200, init.text);
    const shown = (init.json.data.contentTypes as { uid: string; kind: string; isDisplayed: boolean }[])
      .filter((type) => type.isDisplayed && type.kind === 'collectionType' && type.uid.startsWith('api::'))
      .map((type) => type.uid)
      .sort();
    assert.deepEqual(shown, ['api::article.article', 'api::category.category']);
  });

  it('serves a favicon, so an admin page load logs no error', async () => {
    const favicon = await request(`${site.url}/favicon.ico`);
    assert.equal(favicon.status, 200);
    assert.match(String(favicon.headers['content-type']), /image/);
  });

  it('pings the site with the generated key', () => {
    const ping = outputs.get('ping');
    assert.ok(ping, 'a ping block');
    assert.equal(ping.code, 0, ping.stderr);
    const answer = JSON.parse(ping.stdout);
    assert.equal(answer.status, 'success');
    assert.equal(answer.target_content_type, 'api::article.article');
    assert.deepEqual(answer.target_problems, []);
  });

  it('publishes the example article with its SEO fields, categories, cover and inline image', async () => {
    const publish = outputs.get('publish');
    assert.ok(publish, 'a publish block');
    assert.equal(publish.code, 0, publish.stderr);
    // The block prints the answer, then the status on a last line of its own (`curl -w`).
    const statusLine = /\nHTTP (\d{3})\n$/.exec(publish.stdout);
    assert.ok(statusLine, `the status is printed after the answer: ${publish.stdout.slice(-200)}`);
    assert.equal(statusLine[1], '201', 'a new post is created');
    const answer = JSON.parse(publish.stdout.slice(0, statusLine.index));
    assert.equal(answer.status, 'success', publish.stdout);
    assert.equal(answer.featured_image_result, 'success');
    assert.equal(answer.inline_images_result.imported.length, 1);
    assert.deepEqual(answer.inline_images_result.warnings, []);
    assert.deepEqual(answer.warnings, [], 'nothing had to be fitted or dropped');
    assert.deepEqual(answer.categories, ['Gardening', 'Lawns']);

    const example = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'examples', 'first-article.json'), 'utf8')
    );
    const [article] = await readArticle(site.url, example.slug, 'published');
    assert.ok(article, 'the article is published');
    assert.equal(article.title, example.title);
    assert.equal(article.seo.metaTitle, example.title);
    assert.equal(article.seo.metaDescription, example.meta_description);
    assert.equal(article.seo.keywords, example.focus_keyword);
    assert.equal(article.seo.structuredData['@type'], 'Article');
    // As the README says: post_url and the canonical URL are the frontend's address, which the playground
    // (no frontend) answers with 404.
    assert.equal(
      answer.post_url,
      `${new URL(site.url).protocol}//localhost:${new URL(site.url).port}/blog/${example.slug}`
    );
    assert.equal(article.seo.canonicalURL, answer.post_url);
    const frontend = await request(`${site.url}/blog/${example.slug}`);
    assert.equal(frontend.status, 404);
    assert.ok(article.cover, 'the cover is set');
    assert.equal(article.cover.alternativeText, example.featured_image_alt);
    // Data URLs: the library file is named from the alt text, and the answer does not echo the base64.
    assert.match(article.cover.name, /^a-green-lawn-in-the-morning-sun-[0-9a-f]{16}\.png$/);
    assert.match(
      answer.inline_images_result.imported[0].source_url,
      /^data:image\/png;base64,\.\.\.\(\d+ B\)$/
    );
    assert.ok(!publish.stdout.includes('base64,iVBOR'), 'no data URL is echoed in full');
    assert.ok(
      article.content.includes(answer.inline_images_result.imported[0].local_url),
      'the inline image points at the library'
    );
    assert.ok(!article.content.includes('data:image'), 'no data URL is left in the body');
    // What the Content Manager's Markdown editor shows: a readable article, not a line of HTML tags.
    assert.match(article.content, /^## Water early\n\nWater your lawn early/);
    assert.doesNotMatch(article.content, /<(p|h2|figure|img)\b/);
  });

  it('delivers the example webhook signed by the CLI', async () => {
    const webhook = outputs.get('webhook');
    assert.ok(webhook, 'a webhook block');
    assert.equal(webhook.code, 0, webhook.stdout + webhook.stderr);
    const example = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'examples', 'webhook-payload.json'), 'utf8')
    );
    const [article] = await readArticle(site.url, example.slug, 'published');
    assert.ok(article, 'the delivered article is published');
    assert.ok(article.cover, 'with its cover');
    assert.equal(article.seo.metaDescription, example.meta_description);
  });

  it('passes the conformance check', () => {
    const check = outputs.get('check');
    assert.ok(check, 'a check block');
    assert.equal(check.code, 0, check.stdout + check.stderr);
  });
});
