/**
 * Issue #44: what the plugin relies on in Strapi beyond its documented plugin API, asserted as facts
 * about Strapi itself (its Content Manager and REST API over HTTP, the Document Service and Query
 * Engine underneath), without the plugin's publish. The first test to fail when a Strapi release
 * changes one: each failure names the plugin file that relies on it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startPlayground, type Playground } from './helpers/playground';
import { type Entry, readEntries, SiteAdmin } from './helpers/real-sites';

const SHARED_BLOCKS = 'api::shared-blocks-article.shared-blocks-article';
const CONTRACT_NOTE = 'api::contract-note.contract-note';
const STORE_BODY_JSON = 'server/src/services/posts.ts storeBodyJson';

const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
/** A one-paragraph body's text (PostgreSQL's jsonb reorders keys: compared by value, not spelling). */
const textOf = (entry: Entry | undefined): string => (entry ? entry.body[0].children[0].text : '-');

describe("Strapi's behaviour the plugin relies on", () => {
  let site: Playground;
  let admin: SiteAdmin;

  before(async () => {
    site = await startPlayground({ fixtureTypes: ['shared-blocks-article', 'contract-note'] });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => site?.stop());

  /** A Content Manager call (the Document Service underneath) that must succeed. */
  async function contentManager(method: string, path: string, body?: unknown): Promise<Entry> {
    const response = await admin.call(method, `/content-manager/collection-types/${path}`, body);
    assert.ok(response.status === 200 || response.status === 201, `${method} ${path}: ${response.text}`);
    return response.json.data;
  }

  const sharedRow = async (documentId: string, locale: string, status: 'draft' | 'published') =>
    textOf((await readEntries(site.url, 'shared-blocks-articles', { documentId }, {}, status, locale))[0]);

  it('i18n copies a field it does not localize only into the other locales’ rows of the same status', async () => {
    const french = await contentManager('POST', `${SHARED_BLOCKS}?locale=fr`, {
      title: 'Le tuyau',
      slug: 'le-tuyau',
      body: paragraph('one'),
    });
    const { documentId } = french;
    await contentManager('POST', `${SHARED_BLOCKS}/${documentId}/actions/publish?locale=fr`, {});
    // An en localization, saved as a draft: its shared body reaches the fr draft, not the live fr entry.
    await contentManager('PUT', `${SHARED_BLOCKS}/${documentId}?locale=en`, {
      title: 'The hose',
      slug: 'the-hose',
      body: paragraph('two'),
    });
    const rows = {
      frDraft: await sharedRow(documentId, 'fr', 'draft'),
      frPublished: await sharedRow(documentId, 'fr', 'published'),
      enDraft: await sharedRow(documentId, 'en', 'draft'),
    };
    assert.deepEqual(
      rows,
      { frDraft: 'two', frPublished: 'one', enDraft: 'two' },
      `${STORE_BODY_JSON} stores a shared large body where Strapi put its stand-in, and never into a ` +
        'published row on a draft delivery: Strapi’s i18n sync of non-localized fields changed ' +
        '(@strapi/i18n dist/server/services/localizations.js syncNonLocalizedAttributes)'
    );
  });

  it('a Blocks value saved through the Document Service is found by its JSON text', async () => {
    const body = paragraph('found by its text');
    const entry = await contentManager('POST', `${SHARED_BLOCKS}?locale=fr`, { title: 'Texte', body });
    const found = await readEntries(
      site.url,
      'shared-blocks-articles',
      { body: JSON.stringify(body) },
      {},
      'draft',
      'fr'
    );
    assert.deepEqual(
      found.map((row) => row.documentId),
      [entry.documentId],
      `${STORE_BODY_JSON} finds the rows holding its stand-in by \`$eq\` on JSON.stringify of it ` +
        '(core/src/blocks/stored-json.ts BLOCKS_STAND_IN_JSON): Strapi stores a Blocks value otherwise'
    );
  });

  it('a JSON field stores a string as given: read back, it is the value the string spells', async () => {
    const json = JSON.stringify({ blocks: paragraph('stored as text') });
    const note = await contentManager('POST', CONTRACT_NOTE, { name: 'as text', data: json });
    const [read] = await readEntries(site.url, 'contract-notes', { documentId: note.documentId });
    assert.deepEqual(
      read.data,
      { blocks: paragraph('stored as text') },
      `${STORE_BODY_JSON} writes a large body as JSON text with the Query Engine, and finds the rows ` +
        'holding its stand-in by that text: a JSON field no longer stores a string as given ' +
        '(@strapi/database dist/fields/json.js toDB)'
    );
  });
});
