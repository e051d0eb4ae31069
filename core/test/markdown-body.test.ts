import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle, type ArticleFields } from '../src/article';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../src/config';
import { prepareHookArticle } from '../src/hooks/hook-article';
import { PRESETS } from '../src/hooks/presets';
import { markdownToHtml } from '../src/html/markdown-to-html';
import { parsePublishRequest } from '../src/publish-request';

const fixtures = path.join(__dirname, '..', '..', 'test', 'fixtures', 'hooks');
const MARKDOWN = fs.readFileSync(path.join(fixtures, 'markdown-article.md'), 'utf8');
const HTML = fs.readFileSync(path.join(fixtures, 'markdown-article.html'), 'utf8');
const options = articleOptions(resolveEffectiveConfig(DEFAULT_CONFIG, {}));

/** HTML as a reader sees it: no white space between tags, runs of it as one space. */
const rendered = (html: string) => html.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim();

const fieldsOf = (body: string, contentFormat?: 'markdown'): ArticleFields => ({
  ...articleFromPublishRequest(parsePublishRequest({ title: 'Choosing a mower', content: body })),
  ...(contentFormat ? { contentFormat } : {}),
});

describe('Markdown bodies: converted to HTML, then the same sanitizer and pipeline', () => {
  it('converts GitHub-flavoured Markdown: headings, emphasis, links, images, lists, tables, quotes', () => {
    const html = markdownToHtml(MARKDOWN);
    for (const piece of [
      '<h2>Choosing a mower</h2>',
      '<h3>What to compare</h3>',
      '<strong>weekly</strong>',
      '<em>quick</em>',
      '<a href="https://www.example.com/guides/mowers">buying guide</a>',
      '<img src="https://images.example.test/markdown/mower.jpg" alt="A push mower on a striped lawn">',
      '<li>Grass box volume</li>',
      '<ol>',
      '<th>Lawn size</th>',
      '<td>Electric rotary</td>',
      '<blockquote>',
    ])
      assert.ok(html.includes(piece), `${piece} in ${html}`);
  });

  it('normalizes the Markdown article exactly as the same article sent as HTML', () => {
    const fromMarkdown = normalizeArticle(fieldsOf(MARKDOWN, 'markdown'), options);
    const fromHtml = normalizeArticle(fieldsOf(HTML), options);
    assert.equal(rendered(fromMarkdown.html), rendered(fromHtml.html));
    assert.equal(fromMarkdown.seo.descriptionFallback, fromHtml.seo.descriptionFallback);
    assert.deepEqual(fromMarkdown.warnings, fromHtml.warnings);
  });

  it('sends raw HTML inside Markdown through the sanitizer like any HTML', () => {
    const markdown =
      '# Title\n\n<div onclick="steal()">kept text<script>alert(1)</script></div>\n\n[x](javascript:alert(1))';
    const { html } = normalizeArticle(fieldsOf(markdown, 'markdown'), options);
    assert.match(html, /kept text/);
    assert.doesNotMatch(html, /onclick|<script|javascript:/i);
  });

  it('without contentFormat, a Markdown text stays text (HTML is the default)', () => {
    const { html } = normalizeArticle(fieldsOf('## Not a heading'), options);
    assert.doesNotMatch(html, /<h2>/);
  });
});

describe('custom webhooks: a Markdown-only article is converted, not refused', () => {
  it('prepares a Markdown body when the service sent no HTML, the FAQ appended as an HTML block', () => {
    const prepared = prepareHookArticle({
      title: 'Choosing a mower',
      markdown: MARKDOWN,
      faq: [{ question: 'How often?', answer: 'Weekly in spring.' }],
    });
    assert.equal(prepared.fields.contentFormat, 'markdown');
    const { html } = normalizeArticle(prepared.fields, options);
    assert.match(html, /<h2>Choosing a mower<\/h2>/);
    assert.match(
      html,
      /<h2>Frequently asked questions<\/h2>\n<h3>How often\?<\/h3>\n<p>Weekly in spring.<\/p>$/
    );
  });

  it('prefers the HTML when a service sends both', () => {
    const prepared = prepareHookArticle({ title: 'T', html: '<p>The HTML</p>', markdown: '# The Markdown' });
    assert.equal(prepared.fields.contentFormat, undefined);
    assert.equal(prepared.fields.html, '<p>The HTML</p>');
  });

  it('names the missing body, and a Markdown body over the bound, in a 400', () => {
    assert.throws(() => prepareHookArticle({ title: 'T' }), /the HTML or Markdown body is required/);
    assert.throws(
      () => prepareHookArticle({ title: 'T', markdown: 'x'.repeat(5_000_001) }),
      /Invalid webhook article: markdown/
    );
  });

  it('BlogSEO format "markdown", SEOLadders without "Include HTML": the Markdown is the body', () => {
    const blogseo = PRESETS.blogseo.read(
      { article: { id: 'b1', title: 'Choosing a mower', content: MARKDOWN, format: 'markdown' } },
      { header: () => undefined },
      {}
    );
    const seoladders = PRESETS.seoladders.read(
      { id: 's1', title: 'Choosing a mower', content_markdown: MARKDOWN },
      { header: () => undefined },
      {}
    );
    for (const delivery of [blogseo, seoladders]) {
      assert.equal(delivery.kind, 'articles');
      if (delivery.kind !== 'articles') continue;
      const { fields } = delivery.articles[0]();
      assert.equal(fields.contentFormat, 'markdown');
      assert.equal(fields.html, MARKDOWN);
    }
  });

  it('a Custom endpoint may map a Markdown path instead of an HTML one', () => {
    const delivery = PRESETS.custom.read(
      { post: { name: 'Choosing a mower', md: MARKDOWN } },
      { header: () => undefined },
      {
        auth: { kind: 'none' },
        fields: { title: 'post.name', markdown: 'post.md' },
      }
    );
    assert.equal(delivery.kind, 'articles');
    if (delivery.kind === 'articles') assert.equal(delivery.articles[0]().fields.contentFormat, 'markdown');
  });
});
