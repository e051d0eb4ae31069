import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import {
  type Entry,
  htmlTagIn,
  readEntries,
  REALISTIC,
  realisticArticle,
  SiteAdmin,
  startRealSite,
} from './helpers/real-sites';
import { publishPost } from './helpers/service';

/**
 * Issue #31: patterns of real sites that refused every article for a field the plugin could have
 * filled. Each type is set by its content type alone (every role detected), takes the whole article,
 * and a republish of the same slug updates the same entry.
 */
const KEY = 'apk_real-part4-0123456789abcdef';
const {
  slug: SLUG,
  title: TITLE,
  metaDescription: META_DESCRIPTION,
  firstHeading: FIRST_HEADING,
} = REALISTIC;
const NEW_TITLE = 'Choosing a garden hose';
const SECTION_HEADINGS = [
  FIRST_HEADING,
  'Materials compared',
  'Fittings and connectors',
  'Care and storage',
  'Frequently asked questions',
];
const CAPTIONS = [
  'A kink-resistant hose saves time every week.',
  // No figcaption: the required caption gets the image's alt text.
  'Cross-sections of four hose materials',
  'A reel keeps the hose off the ground and out of the sun.',
];

describe('real sites, part 4: required fields filled by type, position and name, in any language', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const publish = (body: unknown) => publishPost(site.url, KEY, body);
  const ping = () => request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });

  /** Publishes the realistic article, then again under a new title: the same entry, updated. */
  async function publishTwice(collection: string, slugField = 'slug') {
    const first = await publish(realisticArticle(images));
    assert.equal(first.status, 201, first.text);
    const again = await publish(realisticArticle(images, { title: NEW_TITLE }));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, first.json.document_id);
    const all = await readEntries(site.url, collection, {}, {});
    assert.equal(all.length, 1, `one ${collection} entry`);
    assert.equal(all[0][slugField], SLUG);
    return { first, again };
  }

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: 'all',
      pluginConfig: {
        targetContentType: 'api::dated-article.dated-article',
        // The line the refusal of dated-article's required enumeration names (test/real-sites-field-contents.test.ts).
        defaults: { kind: 'news' },
        siteUrl: 'https://garden.example',
      },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it('a required datetime named addedAt is the publication date, a required enumeration its defaults value; both kept on republish', async () => {
    await admin.useTarget('api::dated-article.dated-article');
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    assert.equal(pinged.json.target.mapping.date, 'addedAt');
    assert.ok(!pinged.json.target_problems.some((problem: string) => /"kind"/.test(problem)), pinged.text);
    const startedAt = Date.now();
    const first = await publish(realisticArticle(images));
    assert.equal(first.status, 201, first.text);
    assert.deepEqual(first.json.categories, ['Watering']);
    const populate = { 'populate[cover]': 'true', 'populate[category]': 'true' };
    const [entry] = await readEntries(site.url, 'dated-articles', { slug: SLUG }, populate);
    const addedAt = Date.parse(entry.addedAt);
    assert.ok(addedAt >= startedAt - 5_000 && addedAt <= Date.now() + 5_000, entry.addedAt);
    assert.equal(entry.kind, 'news');
    assert.equal(entry.title, TITLE);
    assert.match(entry.content, new RegExp(`^## ${FIRST_HEADING}`));
    assert.ok(!htmlTagIn(entry.content));
    assert.equal(entry.cover.alternativeText, 'Garden hose with a brass nozzle');
    assert.equal(entry.category.name, 'Watering');

    const again = await publish(realisticArticle(images, { title: NEW_TITLE }));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, first.json.document_id);
    const [updated] = await readEntries(site.url, 'dated-articles', { slug: SLUG });
    assert.equal(updated.title, NEW_TITLE);
    assert.equal(updated.addedAt, entry.addedAt, 'a republish keeps the date');
    assert.equal((await readEntries(site.url, 'dated-articles', {})).length, 1);
  });

  it('two required summaries: the intro gets the summary, the short teaser the summary fitted to its limit', async () => {
    await admin.useTarget('api::brief-article.brief-article');
    assert.equal((await ping()).json.target.mapping.summary, 'intro');
    const { first } = await publishTwice('brief-articles');
    assert.deepEqual(first.json.categories, ['Gardening', 'Watering']);
    const [entry] = await readEntries(
      site.url,
      'brief-articles',
      { slug: SLUG },
      { 'populate[image]': 'true', 'populate[categories]': 'true' }
    );
    assert.equal(entry.title, NEW_TITLE);
    assert.equal(entry.intro, META_DESCRIPTION);
    assert.ok(entry.teaser.length <= 120 && entry.teaser.length > 60, entry.teaser);
    assert.ok(META_DESCRIPTION.startsWith(entry.teaser));
    assert.match(entry.body, new RegExp(`^## ${FIRST_HEADING}`));
    assert.ok(entry.image.url);
    assert.deepEqual(entry.categories.map((category: Entry) => category.name).sort(), [
      'Gardening',
      'Watering',
    ]);
  });

  it('a required Blocks summary gets the summary as a paragraph; the blocks body holds the article', async () => {
    await admin.useTarget('api::digest-article.digest-article');
    const mapping = (await ping()).json.target.mapping;
    assert.deepEqual([mapping.content, mapping.summary], ['body', 'summary']);
    await publishTwice('digest-articles');
    const [entry] = await readEntries(
      site.url,
      'digest-articles',
      { slug: SLUG },
      { 'populate[cover]': 'true' }
    );
    assert.deepEqual(entry.summary, [
      { type: 'paragraph', children: [{ type: 'text', text: META_DESCRIPTION }] },
    ]);
    assert.equal(entry.body[0].type, 'heading');
    assert.ok(
      entry.body.some((block: Entry) => block.type === 'image' && /\/uploads\//.test(block.image.url))
    );
    assert.ok(entry.cover.url);
  });

  it("a zone whose text component requires a title: one section per h2, its heading as the title; figures' required captions from the figcaption or the alt text", async () => {
    await admin.useTarget('api::section-article.section-article');
    const pinged = await ping();
    assert.deepEqual([pinged.json.target.body_field, pinged.json.target.body_format], ['sections', 'zone']);
    const populate = { 'populate[sections][populate]': '*', 'populate[cover]': 'true' };
    const first = await publish(realisticArticle(images));
    assert.equal(first.status, 201, first.text);
    const [entry] = await readEntries(site.url, 'section-articles', { slug: SLUG }, populate);
    const texts = entry.sections.filter((component: Entry) => component.__component === 'sections.text');
    const figures = entry.sections.filter((component: Entry) => component.__component === 'sections.figure');
    assert.equal(entry.sections[0].__component, 'sections.text');
    assert.equal(entry.sections[0].title, FIRST_HEADING);
    assert.deepEqual([...new Set(texts.map((text: Entry) => text.title))], SECTION_HEADINGS);
    for (const text of texts) {
      assert.ok(text.content.trim(), `section "${text.title}" has text`);
      assert.ok(!htmlTagIn(text.content));
    }
    // A heading is the title of its section's text, not a line of it (but for a heading only followed by an image).
    const materials = texts.find((text: Entry) => text.title === 'Materials compared');
    assert.doesNotMatch(materials.content, /^## Materials compared/m);
    assert.match(materials.content, /^The material decides weight/);
    assert.deepEqual(
      figures.map((figure: Entry) => figure.caption),
      CAPTIONS
    );
    for (const figure of figures) assert.match(figure.image.url, /^\/uploads\//);
    assert.ok(entry.cover.url);

    const again = await publish(realisticArticle(images, { title: NEW_TITLE }));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.document_id, first.json.document_id);
    const [updated] = await readEntries(site.url, 'section-articles', { slug: SLUG }, populate);
    assert.equal(updated.title, NEW_TITLE);
    assert.equal(updated.sections.length, entry.sections.length, 'the sections are replaced, not added');
  });

  it('a Portuguese type (Titulo, Conteudo, Resumo, Capa, Categoria, Etiquetas, DataPublicacao) takes the whole article', async () => {
    await admin.useTarget('api::artigo.artigo');
    const pinged = await ping();
    assert.equal(pinged.status, 200, pinged.text);
    const { mapping } = pinged.json.target;
    assert.deepEqual(
      [
        mapping.title,
        mapping.slug,
        mapping.content,
        mapping.summary,
        mapping.cover,
        mapping.categories,
        mapping.categoryName,
        mapping.categoryParent,
        mapping.tags,
        mapping.date,
      ],
      [
        'Titulo',
        'Slug',
        'Conteudo',
        'Resumo',
        'Capa',
        'Categoria',
        'Nome',
        'Pai',
        'Etiquetas',
        'DataPublicacao',
      ]
    );
    const { first } = await publishTwice('artigos', 'Slug');
    assert.deepEqual(first.json.categories, ['Watering']);
    const [entry] = await readEntries(
      site.url,
      'artigos',
      { Slug: SLUG },
      { 'populate[Capa]': 'true', 'populate[Categoria][populate][Pai]': 'true' }
    );
    assert.equal(entry.Titulo, NEW_TITLE);
    assert.match(entry.Conteudo, new RegExp(`^## ${FIRST_HEADING}`));
    assert.equal(entry.Resumo, META_DESCRIPTION);
    assert.equal(entry.Capa.alternativeText, 'Garden hose with a brass nozzle');
    assert.equal(entry.Categoria.Nome, 'Watering');
    assert.equal(entry.Categoria.Pai.Nome, 'Gardening');
    assert.deepEqual(entry.Etiquetas, ['garden hose']);
    assert.match(entry.DataPublicacao, /^\d{4}-\d{2}-\d{2}$/);
  });

  it('a repeatable SEO component gets one entry: meta title, description, focus keyword, required og title, share image', async () => {
    await admin.useTarget('api::social-article.social-article');
    assert.equal((await ping()).json.target.mapping.seo, 'seo');
    await publishTwice('social-articles');
    const [entry] = await readEntries(
      site.url,
      'social-articles',
      { slug: SLUG },
      { 'populate[seo][populate]': '*', 'populate[image]': 'true' }
    );
    assert.equal(entry.seo.length, 1);
    const [seo] = entry.seo;
    assert.equal(seo.metaTitle, NEW_TITLE);
    assert.equal(seo.ogTitle, NEW_TITLE);
    assert.equal(seo.metaDescription, META_DESCRIPTION);
    assert.equal(seo.focusKeyword, 'garden hose');
    assert.equal(seo.shareImage.id, entry.image.id, 'the share image is the featured image');
  });

  it('a category type with a required colour: a new category gets a #rrggbb colour and its description, never prose in the colour', async () => {
    await admin.useTarget('api::palette-article.palette-article');
    assert.ok(!(await ping()).json.target_problems.some((problem: string) => /hexColor/.test(problem)));
    const { first } = await publishTwice('palette-articles');
    assert.deepEqual(first.json.categories, ['Watering']);
    const [entry] = await readEntries(
      site.url,
      'palette-articles',
      { slug: SLUG },
      { 'populate[category]': 'true' }
    );
    assert.equal(entry.category.name, 'Watering');
    assert.match(entry.category.hexColor, /^#[0-9a-f]{6}$/i);
    assert.equal(entry.category.description, 'Articles filed under the category "Watering" on this site.');
    assert.equal((await readEntries(site.url, 'palette-categories', {})).length, 1);
  });

  it('a rich text named content_html receives HTML, and ping says so', async () => {
    await admin.useTarget('api::html-article.html-article');
    const pinged = await ping();
    assert.deepEqual(
      [pinged.json.target.body_field, pinged.json.target.body_format],
      ['content_html', 'html']
    );
    assert.ok(
      pinged.json.target_problems.some((problem: string) =>
        /"content_html" .*name says HTML.*bodyFormat: 'markdown'/.test(problem)
      ),
      pinged.text
    );
    await publishTwice('html-articles');
    const [entry] = await readEntries(
      site.url,
      'html-articles',
      { slug: SLUG },
      { 'populate[cover]': 'true' }
    );
    assert.match(entry.content_html, new RegExp(`^<h2>${FIRST_HEADING}</h2>`));
    assert.match(entry.content_html, /<img src="http[^"]+\/uploads\//);
    assert.equal(entry.excerpt, META_DESCRIPTION);
    assert.ok(entry.cover.url);
  });

  it('a required code with a pattern: ping, the admin check and publish all refuse with 422 naming the field and the defaults line; nothing is written', async () => {
    const line = 'defaults: { referenceCode: "..." }';
    const check = await admin.call('POST', '/article-publisher/settings/check', {
      targetContentType: 'api::coded-notice.coded-notice',
    });
    assert.equal(check.status, 200, check.text);
    assert.ok(
      check.json.fatal.some((problem: string) => /"referenceCode" must match/.test(problem)),
      check.text
    );
    assert.equal(check.json.suggestedDefaults, line);

    await admin.useTarget('api::coded-notice.coded-notice');
    const refused = await ping();
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.json.code, 'target_unfillable');
    assert.equal(refused.json.data.suggested_defaults, line);
    assert.ok(refused.json.message.includes(line), refused.json.message);

    const before = {
      files: (await tableRows(site.database, 'files')).length,
      categories: (await readEntries(site.url, 'categories', {})).length,
      hits: images.totalHits(),
    };
    const response = await publish(realisticArticle(images, { slug: 'coded' }));
    assert.equal(response.status, 422, response.text);
    assert.equal(response.json.code, 'target_unfillable');
    assert.match(response.json.message, /referenceCode/);
    assert.ok(response.json.message.includes(line), response.json.message);
    assert.deepEqual(response.json.data.target_problems, check.json.fatal);
    assert.deepEqual(await readEntries(site.url, 'coded-notices', {}, {}, 'draft'), []);
    assert.equal((await tableRows(site.database, 'files')).length, before.files);
    assert.equal((await readEntries(site.url, 'categories', {})).length, before.categories);
    assert.equal(images.totalHits(), before.hits, 'no image was fetched');
  });
});
