import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { REQUEST_BOUNDS } from '../core/src/request-bounds';
import { tablesContaining, type TestDatabase } from './helpers/databases';
import { request, type HttpResponse } from './helpers/http';
import { nothingWrittenBy } from './helpers/nothing-written';
import { startPlayground, type Playground } from './helpers/playground';
import { readEntries, SiteAdmin } from './helpers/real-sites';
import { readArticle } from './helpers/service';
import { deliver } from './helpers/webhook';

/**
 * Issue #32 items 4 and 6: every array and string of a request is bounded (a 400 naming the field,
 * nothing written, on both integrations), a failure while planning answers in the contract's
 * shape, JSON-LD is stored without `<`, and invisible formatting leaves names and titles.
 */

const KEY = 'apk_hardening-bounds-0123456789abcdef';
const SECRET = 'whsec-hardening-bounds-0123456789abcdef';

const nestedJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const images = (count: number) => '<img src="https://images.example.test/a.png" alt="a">'.repeat(count);
/** JSON-LD whose serialized form is over the size bound. */
const largeJsonLd = () => ({ '@type': 'Article', articleBody: 'a'.repeat(REQUEST_BOUNDS.jsonLdBytes) });

function assertBadRequest(response: HttpResponse, ...patterns: RegExp[]) {
  assert.equal(response.status, 400, response.text);
  assert.equal(response.json.code, 'bad_request');
  assert.deepEqual(response.json.data, { status: 400 });
  for (const pattern of patterns) assert.match(response.json.message, pattern);
}

/** The seo component's structured data of every entry, as the database holds the text. */
async function storedStructuredData(database: TestDatabase): Promise<string[]> {
  const connection = database.connect();
  const column = {
    sqlite: 'structured_data',
    postgres: 'structured_data::text',
    mysql: 'CAST(structured_data AS CHAR)',
  }[database.client];
  try {
    const rows = (await connection('components_shared_seos')
      .whereNotNull('structured_data')
      .select(connection.raw(`${column} AS text`))) as { text: string }[];
    return rows.map((row) => row.text);
  } finally {
    await connection.destroy();
  }
}

/** Renames a table for the duration of `work`: the site's queries on it fail as on a broken database. */
async function withTableAway<T>(database: TestDatabase, table: string, work: () => Promise<T>): Promise<T> {
  const connection = database.connect();
  try {
    await connection.schema.renameTable(table, `${table}_away`);
    try {
      return await work();
    } finally {
      await connection.schema.renameTable(`${table}_away`, table);
    }
  } finally {
    await connection.destroy();
  }
}

describe('hardening: bounded requests, script-safe JSON-LD, invisible characters', () => {
  let site: Playground;
  const publish = (body: unknown, query = '') =>
    request(`${site.url}/api/service/v1/publish-post${query}`, {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body,
    });
  const webhook = (fields: Record<string, unknown>) =>
    deliver(
      site.url,
      JSON.stringify({
        event: 'article.published',
        article_id: 3201,
        title: 'Bounded webhook',
        html_content: '<p>Body</p>',
        ...fields,
      }),
      SECRET
    );

  /** Runs `refuse` (which asserts its answers) and asserts that it wrote nothing but the records of a refusal. */
  const nothingWritten = (refuse: () => Promise<void>) => nothingWrittenBy(site.database, refuse);

  before(async () => {
    site = await startPlayground({
      fixtureTypes: ['post'],
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
    });
  });
  after(async () => site?.stop());

  it('refuses 40,000 category ids with a 400 naming categories (not a 500 from the database), and an id past 32 bits', async () => {
    await nothingWritten(async () => {
      const response = await publish({
        title: 'Forty thousand ids',
        content: '<p>Body</p>',
        categories: Array.from({ length: 40_000 }, (_, index) => index + 1),
      });
      assertBadRequest(response, /^Invalid publish request: categories must have at most 100 entries\.$/);
      assertBadRequest(
        await publish({ title: 'A huge id', content: '<p>Body</p>', categories: [1, 2 ** 40] }),
        /categories\.1 must be at most 2147483647/
      );
    });
  });

  it('refuses a focus keyword that gives more than 50 tags, and category names over 200 characters', async () => {
    await nothingWritten(async () => {
      const keywords = Array.from({ length: 51 }, (_, index) => `k${index}`).join(',');
      assert.ok(keywords.length <= REQUEST_BOUNDS.keywordLength);
      assertBadRequest(
        await publish({ title: 'Many tags', content: '<p>Body</p>', focus_keyword: keywords }),
        /focus_keyword gives more than 50 tags/
      );
      assertBadRequest(
        await publish({
          title: 'Long names',
          content: '<p>Body</p>',
          category: 'c'.repeat(201),
          sub_category: 's'.repeat(201),
        }),
        /category must be at most 200 characters/,
        /sub_category must be at most 200 characters/
      );
    });
  });

  it('refuses a body with more than 1,000 <img> elements', async () => {
    await nothingWritten(async () => {
      assertBadRequest(
        await publish({ title: 'Many images', content: `<p>Body</p>${images(1001)}` }),
        /content has more than 1000 <img> elements \(the limit\)/
      );
    });
  });

  it('refuses JSON-LD over 256 KB or nested over 32 levels, in json_ld_schema and in an ld+json block', async () => {
    await nothingWritten(async () => {
      assertBadRequest(
        await publish({
          title: 'Large JSON-LD',
          content: '<p>Body</p>',
          json_ld_schema: JSON.stringify(largeJsonLd()),
        }),
        /json_ld_schema is larger than 256 KB \(the limit\)/
      );
      assertBadRequest(
        await publish({
          title: 'Large JSON-LD block',
          content: `<p>Body</p><script type="application/ld+json">${JSON.stringify(largeJsonLd())}</script>`,
        }),
        /content has JSON-LD script blocks that together are larger than 256 KB/
      );
      assertBadRequest(
        await publish({ title: 'Deep JSON-LD', content: '<p>Body</p>', json_ld_schema: nestedJson(33) }),
        /json_ld_schema nests more than 32 levels deep/
      );
    });
    const within = await publish({
      title: 'JSON-LD at the bound',
      content: '<p>x</p>',
      json_ld_schema: nestedJson(32),
    });
    assert.equal(within.status, 201, within.text);
  });

  it('refuses over-long strings, naming every one', async () => {
    await nothingWritten(async () => {
      assertBadRequest(
        await publish({
          title: 't'.repeat(501),
          content: '<p>Body</p>',
          slug: 's'.repeat(201),
          focus_keyword: 'k'.repeat(201),
          meta_description: 'm'.repeat(1001),
          featured_image_alt: 'a'.repeat(501),
          locale: `en-${'a'.repeat(40)}`,
        }),
        /title must be at most 500 characters/,
        /slug must be at most 200 characters/,
        /focus_keyword must be at most 200 characters/,
        /meta_description must be at most 1000 characters/,
        /featured_image_alt must be at most 500 characters/,
        /locale must be at most 35 characters/
      );
    });
  });

  it('the webhook answers the same bounds with a 400 (never a 503), and writes nothing', async () => {
    await nothingWritten(async () => {
      assertBadRequest(
        await webhook({
          inline_images: Array.from({ length: 40_000 }, (_, index) => ({
            url: `https://x.test/${index}.png`,
          })),
        }),
        /^Invalid webhook payload: inline_images must have at most 1000 entries\.$/
      );
      assertBadRequest(
        await webhook({ secondary_keywords: Array.from({ length: 51 }, (_, index) => `k${index}`) }),
        /secondary_keywords must have at most 50 entries/
      );
      assertBadRequest(
        await webhook({
          focus_keyword: 'garden',
          secondary_keywords: [Array.from({ length: 50 }, (_, index) => `t${index}`).join(',')],
        }),
        /secondary_keywords gives more than 50 tags/
      );
      assertBadRequest(
        await webhook({ html_content: `<p>Body</p>${images(1001)}` }),
        /html_content has more than 1000 <img> elements/
      );
      assertBadRequest(
        await webhook({ schema_markup: largeJsonLd() }),
        /schema_markup is larger than 256 KB/
      );
      assertBadRequest(
        await webhook({ schema_markup: JSON.parse(nestedJson(33)) }),
        /schema_markup nests more than 32 levels deep/
      );
      assertBadRequest(
        await webhook({
          title: 't'.repeat(501),
          category: 'c'.repeat(201),
          website_name: 'w'.repeat(501),
          format: 'f'.repeat(501),
          timestamp: '1'.repeat(501),
          inline_images: [
            { url: 'https://x.test/a.png', alt: 'a'.repeat(501), section_title: 's'.repeat(501) },
          ],
        }),
        /title must be at most 500 characters/,
        /category must be at most 200 characters/,
        /website_name must be at most 500 characters/,
        /format must be at most 500 characters/,
        /timestamp must be an ISO 8601 date-time/,
        /inline_images\.0\.alt must be at most 500 characters/,
        /inline_images\.0\.section_title must be at most 500 characters/
      );
    });
  });

  it('a database failure while planning answers publish_failed (publish, dry run) and temporarily_unavailable (webhook), never internal_error', async () => {
    await nothingWritten(() =>
      withTableAway(site.database, 'categories', async () => {
        const article = { title: 'Planned in vain', content: '<p>Body</p>', category: 'Planned' };
        for (const response of [await publish(article), await publish(article, '?dry_run=true')]) {
          assert.equal(response.status, 500, response.text);
          assert.deepEqual(response.json, {
            code: 'publish_failed',
            message: 'The site failed to save the post; nothing was written.',
            data: { status: 500 },
          });
        }
        const delivered = await webhook({ category: 'Planned' });
        assert.equal(delivered.status, 503, delivered.text);
        assert.equal(delivered.json.code, 'temporarily_unavailable');
        assert.deepEqual(delivered.json.data, { status: 503 });
      })
    );
    const afterwards = await publish({ title: 'Planned again', content: '<p>Body</p>', category: 'Planned' });
    assert.equal(afterwards.status, 201, afterwards.text);
  });

  it('stores JSON-LD without "<" (json_ld_schema and an ld+json block), so it can never close a script element', async () => {
    const attack = '</script><script>alert(1)</script>';
    const fromField = { '@type': 'Article', headline: attack, about: [{ name: 'a < b & c > d' }] };
    const response = await publish({
      title: 'Script-safe JSON-LD',
      slug: 'script-safe-json-ld',
      content: `<p>Body</p><script type="application/ld+json">{"@type":"FAQPage","name":"${attack.replaceAll('/', '\\/')}","<key>":1}</script>`,
      json_ld_schema: JSON.stringify(fromField),
      // The playground's SEO component requires a description of at least 50 characters.
      meta_description: 'A description long enough for the SEO component of the playground.',
    });
    assert.equal(response.status, 201, response.text);

    const safe = '\uFF1C/script>\uFF1Cscript>alert(1)\uFF1C/script>';
    const expected = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Article', headline: safe, about: [{ name: 'a \uFF1C b & c > d' }] },
        { '@type': 'FAQPage', name: safe, '\uFF1Ckey>': 1 },
      ],
    };
    const [article] = await readArticle(site.url, 'script-safe-json-ld');
    assert.deepEqual(article.seo.structuredData, expected);
    const stored = await storedStructuredData(site.database);
    assert.ok(stored.length > 0);
    for (const text of stored) assert.ok(!text.includes('<'), text);
    assert.ok(
      stored.some((text) => isDeepStrictEqual(JSON.parse(text), expected)),
      'the stored text parses back to the stored values'
    );
    // What a frontend prints into <script type="application/ld+json"> holds no end tag.
    assert.ok(!JSON.stringify(article.seo.structuredData).toLowerCase().includes('</script'));
  });

  it('removes bidi controls and zero-width characters from titles, category names and tag names', async () => {
    const admin = await SiteAdmin.register(site.url);
    // The Post's body is a blocks field (the playground's plugin config says html for the Article).
    const saved = await admin.call('PUT', '/article-publisher/settings', {
      targetContentType: 'api::post.post',
      bodyFormat: 'auto',
    });
    assert.equal(saved.status, 200, saved.text);
    const response = await publish({
      title: 'Invisible\u202E \u200Bcharacters\u2066 gone\uFEFF',
      content: '<p>Body</p>',
      category: 'Gar\u200Bden\u202E',
      sub_category: '\u200FWa\u200Dtering\u2069',
      focus_keyword: 'to\u200Bmato\u202E, wa\u2060ter',
      status: 'publish',
    });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(response.json.categories, ['Garden', 'Watering']);

    const [post] = await readEntries(
      site.url,
      'posts',
      { slug: 'invisible-characters-gone' },
      { 'populate[categories][populate][parent]': 'true', 'populate[tags]': 'true' }
    );
    assert.equal(post.title, 'Invisible characters gone');
    assert.deepEqual(
      post.categories.map((category: { name: string; parent: { name: string } | null }) => [
        category.name,
        category.parent?.name ?? null,
      ]),
      [
        ['Garden', null],
        ['Watering', 'Garden'],
      ]
    );
    assert.deepEqual(
      post.tags.map((tag: { name: string }) => tag.name),
      ['tomato', 'water']
    );
    for (const invisible of [
      '\u202E',
      '\u200B',
      '\u200D',
      '\u200F',
      '\u2060',
      '\u2066',
      '\u2069',
      '\uFEFF',
    ]) {
      assert.deepEqual(
        await tablesContaining(site.database, invisible),
        [],
        `U+${invisible.charCodeAt(0).toString(16).toUpperCase()} is stored nowhere`
      );
    }
  });
});
