/**
 * Custom webhooks (issue #42): Markdown-only services land as the HTML path does, and the events that
 * are not a publish (unpublish, delete) do what the endpoint says. Real HTTP, one playground.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PresetName } from '../core/src/hooks/endpoints';
import { postHook, serviceHeaders } from './helpers/hooks';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

const IMAGE_HOST = 'https://images.example.test';
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', 'hooks', name), 'utf8');

interface Endpoint {
  id: string;
  preset: PresetName;
  secret: string;
  options?: Record<string, unknown>;
}
const endpoint = (preset: PresetName, name: string, options?: Record<string, unknown>): Endpoint => ({
  id: `${name}-0123456789abcdef`,
  preset,
  secret: `secret-${name}-abcdefghijklmnop`,
  ...(options ? { options } : {}),
});
const BLOGSEO = endpoint('blogseo', 'blogseo');
const SEOLADDERS = endpoint('seoladders', 'seoladders');
/** Delete events: one endpoint as configured by default (unpublish), one that deletes. */
const SEOGROVE = endpoint('seogrove', 'seogrove', { status: 'publish' });
const SEOGROVE_DELETING = endpoint('seogrove', 'seogrove-deleting', {
  status: 'publish',
  onDelete: 'delete',
});
const CUSTOM = endpoint('custom', 'custom', {
  status: 'publish',
  auth: { kind: 'header', header: 'X-Custom-Token' },
  articles: 'posts',
  event: 'type',
  unpublishEvents: ['post.unpublished'],
  deleteEvents: ['post.deleted'],
  fields: { externalId: 'ref', slug: 'path', title: 'name', html: 'body' },
});

/** HTML as a reader sees it: no white space between tags, runs of it as one space. */
const rendered = (html: string) => html.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim();

describe('custom webhooks: Markdown bodies and unpublish/delete events', () => {
  let site: Playground;
  const images = new ImageServer();
  let markdown = '';
  let html = '';

  const deliver = (target: Endpoint, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    return postHook(site.url, `/api/service/v1/hooks/${target.id}`, text, {
      ...serviceHeaders(target.preset, text, target.secret),
      ...headers,
    });
  };

  before(async () => {
    await images.start();
    markdown = fixture('markdown-article.md').replaceAll(IMAGE_HOST, images.url);
    html = fixture('markdown-article.html').replaceAll(IMAGE_HOST, images.url);
    images.file('/markdown/mower.jpg', await makeImage('jpeg', 320, 200, 7), 'image/jpeg');
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
      pluginConfig: { webhookEndpoints: [BLOGSEO, SEOLADDERS, SEOGROVE, SEOGROVE_DELETING, CUSTOM] },
    });
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  describe('Markdown-only services land as the HTML path does', () => {
    const blogseo = (id: string, slug: string, format: 'markdown' | 'html', content: string) => ({
      article: { id, slug, title: 'Choosing a Mower', content, format, meta_description: 'Mowers.' },
      main_image: null,
      website: { id: 'w1', baseUrl: 'https://www.example.com' },
    });

    it('BlogSEO with format "markdown" and with format "html": the same body lands', async () => {
      const fromHtml = await deliver(BLOGSEO, blogseo('md-html', 'mower-sent-as-html', 'html', html));
      assert.equal(fromHtml.status, 200, fromHtml.text);
      const fromMarkdown = await deliver(
        BLOGSEO,
        blogseo('md-md', 'mower-sent-as-markdown', 'markdown', markdown)
      );
      assert.equal(fromMarkdown.status, 200, fromMarkdown.text);
      assert.deepEqual(fromMarkdown.json.results[0].warnings, fromHtml.json.results[0].warnings);

      const [asHtml] = await readArticle(site.url, 'mower-sent-as-html');
      const [asMarkdown] = await readArticle(site.url, 'mower-sent-as-markdown');
      const body = rendered(asMarkdown.content);
      assert.equal(body, rendered(asHtml.content));
      // What that body is: every kind of block, and the image imported into the media library.
      assert.match(body, /^<h2>Choosing a mower<\/h2><p>A good mower makes <strong>weekly<\/strong>/);
      assert.match(body, /<a href="https:\/\/www\.example\.com\/guides\/mowers">buying guide<\/a>/);
      assert.match(body, /<h3>What to compare<\/h3><ul><li>Cutting width<\/li>/);
      assert.match(body, /<ol><li>Measure the lawn\.<\/li>/);
      assert.match(body, /<table><thead><tr><th>Lawn size<\/th>.*<td>Electric rotary<\/td>/);
      assert.match(body, /<blockquote><p>Keep the blade sharp/);
      const image = /<img src="([^"]+)" alt="A push mower on a striped lawn"/.exec(body);
      assert.ok(image, body);
      assert.match(
        image[1],
        new RegExp(`^(${site.url})?/uploads/`),
        'the inline image is served from the media library'
      );
      assert.ok(!body.includes(images.url), 'no link to the image host is left');
    });

    it('SEOLadders with "Include HTML" off: content_markdown alone lands, its FAQ after it', async () => {
      const response = await deliver(SEOLADDERS, {
        id: 'ladders-md-1',
        title: 'Choosing a Mower, Markdown Only',
        slug: 'mower-markdown-only',
        meta_description: 'Mowers.',
        content_markdown: markdown,
        faq: [{ question: 'How often should I mow?', answer: 'Weekly in spring.' }],
      });
      assert.equal(response.status, 200, response.text);
      const [post] = await readArticle(site.url, 'mower-markdown-only');
      const body = rendered(post.content);
      assert.match(body, /^<h2>Choosing a mower<\/h2>/);
      assert.match(body, /<td>Push reel<\/td>/);
      assert.match(body, /<h2>Frequently asked questions<\/h2><h3>How often should I mow\?<\/h3>/);
    });

    it('a large Markdown body (16 KB and more) lands whole', async () => {
      const sections = Math.ceil((16 * 1024) / markdown.length) + 5;
      const large = Array.from({ length: sections }, () => markdown).join('\n\n');
      assert.ok(large.length > 16 * 1024, `${large.length} characters`);
      const response = await deliver(SEOLADDERS, {
        id: 'ladders-md-large',
        title: 'Choosing a Mower, at Length',
        slug: 'mower-at-length',
        content_markdown: large,
      });
      assert.equal(response.status, 200, response.text);
      const [post] = await readArticle(site.url, 'mower-at-length');
      const body = rendered(post.content);
      assert.equal(body.match(/<table>/g)?.length, sections);
      assert.equal(body.match(/<h3>What to compare<\/h3>/g)?.length, sections);
    });
  });

  describe('unpublish and delete events do what the endpoint says', () => {
    const published = async (slug: string) => (await readArticle(site.url, slug, 'published')).length;
    const drafts = async (slug: string) => readArticle(site.url, slug, 'draft');
    const seogrove = (event: string, id: number, slug: string) => ({
      event,
      timestamp: '2026-11-28T10:00:00Z',
      site: { host: 'www.example.com', url: 'https://www.example.com', locale: 'en' },
      content: { id, title: `Post ${slug}`, slug, html: `<p>The post ${slug}.</p>` },
    });
    /** A SEOGrove delivery of `event`, the event in its header as SEOGrove sends it. */
    const grove = (target: Endpoint, event: string, id: number, slug: string, secret?: string) =>
      deliver({ ...target, secret: secret ?? target.secret }, seogrove(event, id, slug), {
        'X-SEOGrove-Event': event,
      });

    it('an unpublish event unpublishes the post, its draft kept; the same article again publishes it again', async () => {
      const article = {
        type: 'post.ready',
        posts: [{ ref: 'c-1', path: 'custom-unpublished', name: 'Custom', body: '<p>One.</p>' }],
      };
      assert.equal((await deliver(CUSTOM, article)).status, 200);
      assert.equal(await published('custom-unpublished'), 1);
      const [before] = await drafts('custom-unpublished');

      const unpublish = await deliver(CUSTOM, { type: 'post.unpublished', posts: [{ ref: 'c-1' }] });
      assert.equal(unpublish.status, 200, unpublish.text);
      assert.equal(unpublish.json.action, 'unpublish');
      assert.equal(unpublish.json.results[0].done, 'unpublished');
      assert.equal(await published('custom-unpublished'), 0);
      const [draft] = await drafts('custom-unpublished');
      assert.equal(draft.documentId, before.documentId, 'the draft is kept');

      const again = await deliver(CUSTOM, article);
      assert.equal(again.status, 200, again.text);
      assert.equal(again.json.results[0].created, false);
      assert.equal(await published('custom-unpublished'), 1, 'published again, not taken for a repeat');
      assert.equal((await drafts('custom-unpublished'))[0].documentId, before.documentId, 'the same post');
    });

    it('a delete event unpublishes the post when the endpoint says nothing (SEOGrove content.deleted)', async () => {
      assert.equal((await grove(SEOGROVE, 'content.published', 501, 'grove-kept')).status, 200);
      assert.equal(await published('grove-kept'), 1);
      const deleted = await grove(SEOGROVE, 'content.deleted', 501, 'grove-kept');
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual([deleted.json.action, deleted.json.results[0].done], ['unpublish', 'unpublished']);
      assert.equal(await published('grove-kept'), 0);
      assert.equal((await drafts('grove-kept')).length, 1, 'not deleted');
    });

    it('a delete event deletes the post with onDelete: "delete"; a wrong signature or another endpoint changes nothing', async () => {
      assert.equal((await grove(SEOGROVE_DELETING, 'content.published', 502, 'grove-deleted')).status, 200);
      assert.equal((await grove(SEOGROVE, 'content.published', 503, 'grove-other-endpoint')).status, 200);

      const forged = await grove(
        SEOGROVE_DELETING,
        'content.deleted',
        502,
        'grove-deleted',
        'not-the-secret'
      );
      assert.equal(forged.status, 401, forged.text);
      const elsewhere = await grove(SEOGROVE_DELETING, 'content.deleted', 503, 'grove-other-endpoint');
      assert.equal(elsewhere.status, 200, elsewhere.text);
      assert.equal(elsewhere.json.results[0].done, 'none', 'not a post of this endpoint');
      assert.equal(await published('grove-other-endpoint'), 1);
      assert.equal(await published('grove-deleted'), 1);

      const deleted = await grove(SEOGROVE_DELETING, 'content.deleted', 502, 'grove-deleted');
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual([deleted.json.action, deleted.json.results[0].done], ['delete', 'deleted']);
      assert.equal(await published('grove-deleted'), 0);
      assert.equal((await drafts('grove-deleted')).length, 0, 'the draft is gone too');

      const retried = await grove(SEOGROVE_DELETING, 'content.deleted', 502, 'grove-deleted');
      assert.equal(retried.status, 200, retried.text);
      assert.equal(retried.json.results[0].done, 'none', 'a retry finds it gone');
    });
  });
});
