/**
 * Issue #44: on a localized type whose Blocks body is shared by all locales (i18n `localized: false`),
 * a delivery writes the body where Strapi's own i18n sync would: into the rows of the same status in
 * the other locales, never into a published row on a draft delivery. A small body goes through the
 * Document Service (Strapi writes it); a large one is saved as a stand-in and then stored by the plugin
 * (server/src/strapi/large-blocks-write.ts): both paths must leave every row alike.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BLOCKS_STAND_IN } from '../core/src/blocks/stored-json';
import { sizedArticle } from '../core/test/helpers/sized-article';
import { startPlayground, type Playground } from './helpers/playground';
import { readEntries, type Entry } from './helpers/real-sites';
import { publishPost } from './helpers/service';

const KEY = 'apk_shared-field-0123456789abcdef';
const SHARED_BLOCKS_TARGET = {
  targetContentType: 'api::shared-blocks-article.shared-blocks-article',
  fields: { title: 'title', slug: 'slug', content: 'body' },
};

type Size = 'small' | 'large';
/** The four rows of a document in two locales, each named by the version of the body it holds. */
type Rows = Record<'fr draft' | 'fr published' | 'en draft' | 'en published', string>;

/**
 * An article body marked with its version. A large one (32 KB and more, converted in the worker
 * thread like every body and stored as JSON text) has no figures: their images would be fetched.
 */
function bodyOf(size: Size, version: string): string {
  if (size === 'small') return `<p>A shared body (version ${version}).</p>`;
  return sizedArticle(48_000)
    .replace(/<figure>.*?<\/figure>\n?/g, '')
    .replace('<h2>Section 0', `<p>A shared body (version ${version}).</p>\n<h2>Section 0`);
}

/** Which version of the body a row holds: `stand-in` if a stand-in was left, `-` for no row. */
function versionIn(entry: Entry | undefined): string {
  if (!entry) return '-';
  if (JSON.stringify(entry.body) === JSON.stringify(BLOCKS_STAND_IN)) return 'stand-in';
  const marked = /A shared body \(version (\w+)\)/.exec(JSON.stringify(entry.body));
  return marked ? marked[1] : 'unknown';
}

describe('a Blocks body shared by all locales (i18n localized: false)', () => {
  let site: Playground;

  before(async () => {
    site = await startPlayground({
      fixtureTypes: ['shared-blocks-article'],
      env: { ARTICLE_PUBLISHER_API_KEY: KEY },
      pluginConfig: SHARED_BLOCKS_TARGET,
    });
  });
  after(async () => site?.stop());

  async function rowsOf(slug: string): Promise<Rows> {
    const row = async (locale: string, status: 'draft' | 'published') => {
      const entries = await readEntries(site.url, 'shared-blocks-articles', { slug }, {}, status, locale);
      assert.ok(entries.length <= 1, `one ${locale} ${status} entry of ${slug}`);
      return versionIn(entries[0]);
    };
    return {
      'fr draft': await row('fr', 'draft'),
      'fr published': await row('fr', 'published'),
      'en draft': await row('en', 'draft'),
      'en published': await row('en', 'published'),
    };
  }

  async function deliver(size: Size, locale: string, version: string, status: 'publish' | 'draft') {
    const content = bodyOf(size, version);
    if (size === 'large') assert.ok(content.length > 32 * 1024, 'a large body');
    const response = await publishPost(site.url, KEY, {
      title: `Shared ${size} ${locale}`,
      slug: `shared-${size}`,
      content,
      status,
      locale,
    });
    assert.ok(response.status === 200 || response.status === 201, response.text);
    return rowsOf(`shared-${size}`);
  }

  it('an en draft with a large body leaves the live fr body as it was, as a small body does', async () => {
    for (const size of ['small', 'large'] as const) {
      const first = await deliver(size, 'fr', 'one', 'publish');
      assert.deepEqual(
        first,
        { 'fr draft': 'one', 'fr published': 'one', 'en draft': '-', 'en published': '-' },
        size
      );
      // Strapi's i18n sync copies the en draft's shared body into the other locales' drafts only.
      const draft = await deliver(size, 'en', 'two', 'draft');
      assert.deepEqual(
        draft,
        { 'fr draft': 'two', 'fr published': 'one', 'en draft': 'two', 'en published': '-' },
        `${size}: the live fr body is unchanged, the fr draft shares the en draft's body`
      );
    }
  });

  it('publishing en then writes the body where Strapi writes a small one', async () => {
    const small = await deliver('small', 'en', 'three', 'publish');
    const large = await deliver('large', 'en', 'three', 'publish');
    // Strapi's sync after a publish copies the shared body into the other locales' published rows
    // only when it differs from the document's first row as the database returns it (@strapi/i18n
    // 5.54.0, dist/server/bootstrap.js): the fr published row may keep its body. Both paths agree.
    assert.deepEqual(large, small, 'the large-body path writes the rows Strapi wrote');
    assert.deepEqual(
      { ...large, 'fr published': undefined },
      { 'fr draft': 'three', 'fr published': undefined, 'en draft': 'three', 'en published': 'three' }
    );
    assert.ok(['one', 'three'].includes(large['fr published']), large['fr published']);
  });
});
