import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { marked } from 'marked';
import { fixtureWebhookPayload } from './helpers/fixtures';
import { request } from './helpers/http';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import {
  type Entry,
  htmlTagIn,
  readEntries,
  realisticArticle,
  SiteAdmin,
  startRealSite,
} from './helpers/real-sites';
import { publishPost } from './helpers/service';
import { deliver } from './helpers/webhook';

/**
 * Issues #13 and #14: the realistic article published into the shapes of real sites, each target set
 * by its content type alone (every role detected), read back through Strapi's REST API.
 */
const KEY = 'apk_real-sites-0123456789abcdef';
const SECRET = 'whsec-real-sites-0123456789abcdef012345';
const SLUG = 'how-to-choose-a-garden-hose';
const TITLE = 'How to Choose a Garden Hose: Length, Material and Fittings';
const META_DESCRIPTION =
  'How to choose a garden hose: the right length, the best material for your garden, and which fittings last. A practical buying guide with a comparison table.';
const HEADINGS = [
  'Why the right garden hose matters',
  'Length: measure, then add ten percent',
  'Materials compared',
  'Fittings and connectors',
  'Care and storage',
  'Frequently asked questions',
  'Is a rubber hose worth the extra cost?',
  'Can I drink water from a garden hose?',
];
const QUOTE = 'Buy the hose for the garden you have, not the one on the packaging.';
const LIST_ITEMS = [
  'Small patio or balcony: 10 to 15 m',
  'Prefer brass fittings over plastic for anything you connect daily.',
];
const TABLE_CELLS = ['Material', 'Kink resistance', 'Reinforced vinyl', 'Hybrid polymer', '6 to 8 years'];
const LINK = 'https://www.example.com/blog/hose-reel-guide';
const VIDEO_ID = 'dQw4w9WgXcQ';

describe('real sites: the realistic article lands in each shape with targetContentType alone', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const publish = (body: unknown) => publishPost(site.url, KEY, body);
  const uploadsUrl = () => new RegExp(`^${site.url}/uploads/`);

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: 'all',
      env: { ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
      pluginConfig: {
        targetContentType: 'api::blog-article.blog-article',
        siteUrl: 'https://garden.example',
      },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it("Strapi's example blog: a zone of Markdown text, media and quote components; one category; republish keeps an editor's slider", async () => {
    await admin.useTarget('api::blog-article.blog-article');
    const ping = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(ping.json.target.body_field, 'blocks');
    assert.equal(ping.json.target.body_format, 'zone');

    const response = await publish(realisticArticle(images));
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, ['Watering'], 'a to-one category gets the sub-category');
    assert.equal(response.json.featured_image_result, 'success');
    const populate = {
      'populate[blocks][populate]': '*',
      'populate[cover]': 'true',
      'populate[category]': 'true',
    };
    const [entry] = await readEntries(site.url, 'blog-articles', { slug: SLUG }, populate);
    assert.equal(entry.title, TITLE);
    assert.ok(
      entry.description.length <= 80 && META_DESCRIPTION.startsWith(entry.description.replace(/…$/, '')),
      entry.description
    );
    assert.equal(entry.cover.alternativeText, 'Garden hose with a brass nozzle');
    assert.equal(entry.category.name, 'Watering');

    const kinds = entry.blocks.map((component: Entry) => component.__component);
    assert.deepEqual(
      kinds.slice(0, 3),
      ['shared.rich-text', 'shared.media', 'shared.rich-text'],
      'the hero image sits after the first heading'
    );
    assert.equal(
      kinds.filter((kind: string) => kind === 'shared.media').length,
      3,
      'each inline image is a media component'
    );
    assert.equal(entry.blocks[0].body.trim(), `## ${HEADINGS[0]}`);
    for (const media of entry.blocks.filter((component: Entry) => component.__component === 'shared.media')) {
      assert.match(media.file.url, /^\/uploads\//);
    }
    const quote = entry.blocks.find((component: Entry) => component.__component === 'shared.quote');
    assert.equal(quote.body, QUOTE);
    const text = entry.blocks
      .filter((component: Entry) => component.__component === 'shared.rich-text')
      .map((component: Entry) => component.body)
      .join('\n\n');
    assert.ok(!htmlTagIn(text), 'no HTML tag in the Markdown');
    for (const heading of HEADINGS.slice(1))
      assert.match(text, new RegExp(`^#{2,3} ${heading.replace(/[?]/g, '\\?')}$`, 'm'));
    assert.ok(text.includes(VIDEO_ID), 'the video is a link in the text (the zone has no video component)');

    // An editor adds a slider (a kind the plugin never writes) after the article, in the Content Manager.
    const editorZone = [
      ...entry.blocks.map(({ id: _id, ...component }: Entry) =>
        component.file ? { ...component, file: component.file.id } : component
      ),
      { __component: 'shared.slider', files: [entry.cover.id] },
    ];
    const edited = await admin.call(
      'PUT',
      `/content-manager/collection-types/api::blog-article.blog-article/${entry.documentId}`,
      { blocks: editorZone }
    );
    assert.equal(edited.status, 200, edited.text);

    const again = await publish(
      realisticArticle(images, { content: realisticArticle(images).content + '<p>One more paragraph.</p>' })
    );
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, response.json.document_id);
    const [updated] = await readEntries(site.url, 'blog-articles', { slug: SLUG }, populate);
    const updatedKinds = updated.blocks.map((component: Entry) => component.__component);
    assert.equal(updatedKinds.at(-1), 'shared.slider', "the editor's slider is kept, after the article");
    assert.equal(
      updatedKinds.filter((kind: string) => kind === 'shared.media').length,
      3,
      'the article is not duplicated'
    );
    assert.equal(updatedKinds.length, kinds.length + 1);
    assert.match(updated.blocks.at(-2).body, /One more paragraph\.$/);
    assert.equal((await readEntries(site.url, 'blog-articles', {}, {})).length, 1);
  });

  it('a long article of many zone components lands whole in the published version and the draft, and a republish replaces both', async () => {
    // 30 quotes between texts: more than 24 components, so on SQLite the draft and the publish are
    // written in two transactions (server/src/pipeline/publish/write.ts); elsewhere in one.
    await admin.useTarget('api::blog-article.blog-article');
    const slug = 'a-long-zone-article';
    const sections = (version: string) =>
      Array.from(
        { length: 30 },
        (_, n) =>
          `<h2>Part ${n} (${version})</h2><p>Text ${n}.</p><blockquote><p>Quote ${n} (${version}).</p></blockquote>`
      ).join('');
    const read = async (status: 'draft' | 'published') => {
      const query = new URLSearchParams({
        'filters[slug][$eq]': slug,
        status,
        'populate[blocks][populate]': '*',
      });
      const response = await request(`${site.url}/api/blog-articles?${query}`);
      assert.equal(response.status, 200, response.text);
      return response.json.data as Entry[];
    };
    const contentOf = (entry: Entry) => entry.blocks.map(({ id: _id, ...component }: Entry) => component);
    const article = (version: string) => ({
      title: 'A long zone article',
      slug,
      content: sections(version),
      meta_description: META_DESCRIPTION,
      status: 'publish',
    });

    const first = await publish(article('one'));
    assert.equal(first.status, 201, first.text);
    const [published] = await read('published');
    const [draft] = await read('draft');
    const quotes = published.blocks.filter((component: Entry) => component.__component === 'shared.quote');
    assert.equal(quotes.length, 30);
    assert.ok(published.blocks.length > 24, `${published.blocks.length} components`);
    assert.deepEqual(contentOf(draft), contentOf(published));

    const again = await publish(article('two'));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, first.json.document_id);
    const [republished] = await read('published');
    const [redrafted] = await read('draft');
    assert.equal((await read('published')).length, 1);
    const newQuotes = republished.blocks.filter(
      (component: Entry) => component.__component === 'shared.quote'
    );
    assert.equal(newQuotes.length, 30);
    assert.ok(
      newQuotes.every((quote: Entry) => quote.body.endsWith('(two).')),
      'the live page is the new version'
    );
    assert.deepEqual(contentOf(redrafted), contentOf(republished));
  });

  it('a Markdown blog: Markdown body with library images, required summary, one category under its parent, flat SEO fields', async () => {
    await admin.useTarget('api::md-post.md-post');
    const response = await publish(realisticArticle(images));
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, ['Watering']);
    const [entry] = await readEntries(
      site.url,
      'md-posts',
      { slug: SLUG },
      { 'populate[image]': 'true', 'populate[category][populate][parent]': 'true' }
    );
    assert.equal(entry.title, TITLE);
    assert.equal(entry.summary, META_DESCRIPTION);
    assert.equal(entry.meta_title, TITLE);
    assert.ok(entry.meta_description.length <= 160);
    assert.equal(entry.category.name, 'Watering');
    assert.equal(entry.category.parent.name, 'Gardening');
    assert.ok(entry.image.url);

    const markdown: string = entry.body;
    assert.ok(!htmlTagIn(markdown), markdown);
    assert.match(
      markdown,
      new RegExp(`^## ${HEADINGS[0]}\\n\\n!\\[A green garden hose coiled on a lawn\\]\\(${site.url}/uploads/`)
    );
    assert.equal((markdown.match(new RegExp(`!\\[[^\\]]*\\]\\(${site.url}/uploads/`, 'g')) ?? []).length, 3);
    assert.match(markdown, new RegExp(`^> ${QUOTE}$`, 'm'));

    // Round trip: a common Markdown renderer gives back every heading, list item, table cell, link and image.
    const html = await marked.parse(markdown);
    for (const heading of HEADINGS)
      assert.match(html, new RegExp(`<h[23][^>]*>${heading.replace(/[?]/g, '\\?')}</h[23]>`));
    for (const item of LIST_ITEMS) assert.ok(html.includes(`<li>${item}</li>`), item);
    for (const cell of TABLE_CELLS) assert.match(html, new RegExp(`<t[hd]>${cell}</t[hd]>`));
    assert.ok(html.includes(`href="${LINK}"`));
    assert.equal((html.match(/<img /g) ?? []).length, 3);

    const again = await publish(realisticArticle(images, { title: 'Choosing a garden hose' }));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, response.json.document_id);
    const entries = await readEntries(site.url, 'md-posts', {}, {});
    assert.deepEqual(
      entries.map((post) => post.title),
      ['Choosing a garden hose']
    );
  });

  it('LaunchPad: blocks body, required description, both categories, its own SEO component with the featured image and canonical URL', async () => {
    await admin.useTarget('api::launch-article.launch-article');
    const response = await publish(realisticArticle(images));
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, ['Gardening', 'Watering'], 'a to-many relation gets both');
    const [entry] = await readEntries(
      site.url,
      'launch-articles',
      { slug: SLUG },
      {
        'populate[seo][populate]': '*',
        'populate[image]': 'true',
        'populate[categories]': 'true',
      }
    );
    assert.equal(entry.description, META_DESCRIPTION);
    assert.equal(entry.content[0].type, 'heading');
    assert.ok(
      entry.content.some((block: Entry) => block.type === 'image' && uploadsUrl().test(block.image.url))
    );
    assert.deepEqual(entry.categories.map((category: Entry) => category.name).sort(), [
      'Gardening',
      'Watering',
    ]);
    assert.equal(entry.seo.metaTitle, TITLE);
    assert.equal(entry.seo.metaDescription, META_DESCRIPTION);
    assert.equal(entry.seo.metaImage.id, entry.image.id, 'the SEO image is the featured image');
    assert.equal(entry.seo.canonicalURL, `https://garden.example/blog/${SLUG}`);
    assert.match(entry.seo.keywords, /garden hose/);
    assert.match(JSON.stringify(entry.seo.structuredData), /FAQPage|Article/);

    const longTitle =
      'How to Choose a Garden Hose That Lasts: Length, Material, Fittings, Reels and Winter Storage Explained';
    const again = await publish(realisticArticle(images, { title: longTitle }));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, response.json.document_id);
    const [updated] = await readEntries(
      site.url,
      'launch-articles',
      { slug: SLUG },
      { 'populate[seo]': 'true' }
    );
    assert.equal(updated.title, longTitle);
    assert.ok(updated.seo.metaTitle.length <= 60 && updated.seo.metaTitle.length > 20, updated.seo.metaTitle);
    assert.ok(
      again.json.warnings.some((warning: string) => /metaTitle/.test(warning)),
      again.text
    );
  });

  it('a WordPress post: blocks content, excerpt, featuredImage, categories with parent, tags created by name, date and reading time', async () => {
    await admin.useTarget('api::post.post');
    const response = await publish(realisticArticle(images));
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, ['Gardening', 'Watering']);
    const [entry] = await readEntries(
      site.url,
      'posts',
      { slug: SLUG },
      {
        'populate[featuredImage]': 'true',
        'populate[categories][populate][parent]': 'true',
        'populate[tags]': 'true',
      }
    );
    assert.equal(entry.title, TITLE);
    assert.equal(entry.excerpt, META_DESCRIPTION);
    assert.equal(entry.featuredImage.alternativeText, 'Garden hose with a brass nozzle');
    assert.equal(entry.content[0].type, 'heading');
    const categories = Object.fromEntries(
      entry.categories.map((category: Entry) => [category.name, category.parent?.name ?? null])
    );
    assert.deepEqual(categories, { Gardening: null, Watering: 'Gardening' });
    assert.deepEqual(
      entry.tags.map((tag: Entry) => tag.name),
      ['garden hose']
    );
    assert.ok(entry.readingTime >= 1);
    assert.ok(Date.parse(entry.publishedDate) > Date.now() - 10 * 60_000);

    const again = await publish(realisticArticle(images, { focus_keyword: 'Garden Hose' }));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, response.json.document_id);
    const tags = await readEntries(site.url, 'tags', {}, {});
    assert.deepEqual(
      tags.map((tag) => tag.name),
      ['garden hose'],
      'a tag is found again case-insensitively'
    );
  });

  it('a corporate zone: video-embed and quote components with required fields, required description, SEO share image', async () => {
    await admin.useTarget('api::corporate-article.corporate-article');
    const response = await publish(realisticArticle(images));
    assert.equal(response.status, 201, response.text);
    const [entry] = await readEntries(
      site.url,
      'corporate-articles',
      { slug: SLUG },
      {
        'populate[body][populate]': '*',
        'populate[seo][populate]': '*',
        'populate[image]': 'true',
      }
    );
    assert.equal(entry.description, META_DESCRIPTION);
    const video = entry.body.find((component: Entry) => component.__component === 'shared.video-embed');
    assert.ok(video && video.url.includes(VIDEO_ID), JSON.stringify(entry.body));
    const quote = entry.body.find((component: Entry) => component.__component === 'corporate.quote');
    assert.equal(quote.body, QUOTE);
    assert.equal(entry.body.filter((component: Entry) => component.__component === 'shared.media').length, 3);
    const text = entry.body
      .filter((component: Entry) => component.__component === 'corporate.rich-text')
      .map((component: Entry) => component.body)
      .join('\n');
    assert.ok(!htmlTagIn(text));
    assert.ok(!text.includes(VIDEO_ID), 'the video is a component, not a link');
    assert.equal(entry.seo.metaTitle, TITLE);
    assert.equal(entry.seo.shareImage.id, entry.image.id);
  });

  it('an HTML editor custom field (CKEditor) keeps the sanitized HTML, images from the media library', async () => {
    await admin.useTarget('api::ck-article.ck-article');
    const ping = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.deepEqual([ping.json.target.body_field, ping.json.target.body_format], ['content', 'html']);
    const response = await publish(realisticArticle(images));
    assert.equal(response.status, 201, response.text);
    const [entry] = await readEntries(site.url, 'ck-articles', { slug: SLUG }, { 'populate[image]': 'true' });
    assert.match(
      entry.content,
      new RegExp(`^<h2>${HEADINGS[0]}</h2>\\n<figure><img src="${site.url}/uploads/`)
    );
    assert.ok(entry.content.includes(`<iframe src="https://www.youtube.com/embed/${VIDEO_ID}"`));
    assert.ok(!entry.content.includes(images.url));
    assert.ok(entry.image.url);
  });

  it("the webhook's html_content lands the same way: a zone body of the example blog, secondary keywords ignored without tags", async () => {
    await admin.useTarget('api::blog-article.blog-article');
    const payload = JSON.parse(
      JSON.stringify({ ...fixtureWebhookPayload, slug: 'webhook-hose' }).replaceAll(
        'https://images.example.test/',
        `${images.url}/`
      )
    );
    const response = await deliver(site.url, JSON.stringify(payload), SECRET);
    assert.equal(response.status, 200, response.text);
    const [entry] = await readEntries(
      site.url,
      'blog-articles',
      { slug: 'webhook-hose' },
      { 'populate[blocks][populate]': '*' },
      'draft'
    );
    const kinds = entry.blocks.map((component: Entry) => component.__component);
    assert.deepEqual(kinds.slice(0, 3), ['shared.rich-text', 'shared.media', 'shared.rich-text']);
    assert.equal(kinds.filter((kind: string) => kind === 'shared.media').length, 3);
    assert.ok(entry.blocks.some((component: Entry) => component.__component === 'shared.quote'));
    assert.ok(
      !htmlTagIn(
        entry.blocks
          .filter((component: Entry) => component.body && component.__component === 'shared.rich-text')
          .map((component: Entry) => component.body)
          .join('')
      )
    );
  });
});
