/**
 * Custom webhooks (issue #42): Markdown-only services land as the HTML path does, and the events that
 * are not a publish (unpublish, delete) do what the endpoint says. Real HTTP, one playground.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PresetName } from '../core/src/hooks/endpoints';
import { OFF_THREAD_MIN_MARKDOWN } from '../server/src/services/article-work';
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
      pluginConfig: { webhookEndpoints: [BLOGSEO, SEOLADDERS] },
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

    it('a large Markdown body (past the worker thread threshold) lands whole', async () => {
      const sections = Math.ceil(OFF_THREAD_MIN_MARKDOWN / markdown.length) + 5;
      const large = Array.from({ length: sections }, () => markdown).join('\n\n');
      assert.ok(large.length > OFF_THREAD_MIN_MARKDOWN, `${large.length} characters`);
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
});
