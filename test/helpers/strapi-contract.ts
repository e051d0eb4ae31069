/**
 * Issue #44: what the plugin relies on in Strapi beyond its documented plugin API (server/src/strapi/),
 * as facts about Strapi itself: its Content Manager, REST API and media library over HTTP, and what
 * the app's contract probe (playground/src/contract-probe.js, a test fixture, not the plugin) saw in
 * Strapi's process. Run by test/strapi-contract.test.ts on the playground's Strapi and by the compat
 * check's `contract` step on each release (test/helpers/compat.ts). Each failure names the file in
 * server/src/strapi/ to look at.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseClient } from './databases';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MCP_UNAVAILABLE_MESSAGE } from '../../server/src/strapi/mcp-server';
import { strapiUploadDecodes } from '../../server/src/strapi/upload-image-check';
import { request, type HttpResponse } from './http';
import { makeImage } from './image-server';
import { playgroundDir } from './paths';
import { type Entry, readEntries } from './real-sites';

/** The fixture types the facts write (added to the app: playground/fixture-types). */
export const CONTRACT_FIXTURE_TYPES = ['shared-blocks-article', 'contract-note'] as const;
/** The app's own `strapi::body` option (playground/config/middlewares.js), small enough to exceed. */
export const CONTRACT_JSON_LIMIT = '64kb';
/** The environment of an app the facts run against: the probe on, the body parser's option set. */
export const CONTRACT_ENV = {
  PLAYGROUND_CONTRACT_PROBE: 'true',
  PLAYGROUND_BODY_JSON_LIMIT: CONTRACT_JSON_LIMIT,
} as const;
/** The app parts the compat check adds to a new app for the facts (besides the fixture types). */
export const CONTRACT_APP_PARTS = ['src/index.js', 'src/contract-probe.js'] as const;

/**
 * Adds what the facts need to a new app (the compat check's): the probe with the playground's app file
 * that starts it (which also grants public read and adds the `fr` locale), and the fixture types.
 */
export function addContractParts(appDir: string): void {
  for (const part of CONTRACT_APP_PARTS) fs.cpSync(path.join(playgroundDir, part), path.join(appDir, part));
  for (const name of CONTRACT_FIXTURE_TYPES) {
    fs.cpSync(path.join(playgroundDir, 'fixture-types', name), path.join(appDir, 'src', 'api', name), {
      recursive: true,
    });
  }
}

export interface ContractSite {
  url: string;
  /** A super admin's token. */
  adminToken: string;
  databaseClient: DatabaseClient;
  /** The app's output so far (its log), where a fact reads what the plugin said at start. */
  output?: () => string;
}

export interface ContractFact {
  name: string;
  /** The plugin file that relies on it. */
  file: string;
  check(site: ContractSite): Promise<void>;
}

const SHARED_BLOCKS = 'api::shared-blocks-article.shared-blocks-article';
const CONTRACT_NOTE = 'api::contract-note.contract-note';
const LARGE_BLOCKS_WRITE = 'server/src/strapi/large-blocks-write.ts';
const EVENT_READS = 'server/src/strapi/entry-event-reads.ts';
const DATABASE_CLIENT = 'server/src/strapi/database-client.ts';
const UPLOAD_PROVIDER = 'server/src/strapi/upload-provider.ts';
const UPLOAD_IMAGE_CHECK = 'server/src/strapi/upload-image-check.ts';
const BODY_PARSER = 'server/src/strapi/body-parser.ts';
const PLAIN_LOOKUPS = 'server/src/strapi/plain-lookups.ts';
const STRAPI_MCP = 'server/src/strapi/mcp-server.ts';
const PLUGIN_TOOLS = ['article_publisher_publish', 'article_publisher_site', 'article_publisher_recent'];

/** The tools an admin token that may read the Article and the activity is listed on /mcp. */
async function listedMcpTools(site: ContractSite): Promise<string[]> {
  const token = await admin(site, 'POST', '/admin/admin-tokens', {
    name: unique('contract mcp'),
    description: 'contract fact: the MCP tools',
    lifespan: null,
    adminPermissions: [
      'plugin::content-manager.explorer.read',
      'plugin::article-publisher.activity.read',
    ].map((action) => ({
      action,
      subject: action.startsWith('plugin::content-manager') ? 'api::article.article' : null,
      properties: {},
      conditions: [],
    })),
  });
  assert.equal(token.status, 201, `an admin token for /mcp: ${token.text}`);
  const client = new Client({ name: 'strapi-contract', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token.json.data.accessKey}` } },
    })
  );
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

/** What the probe saw in Strapi's process (playground/src/contract-probe.js). */
interface Observed {
  middlewaresExtend: boolean;
  bodyFactoryCalls: {
    config: Record<string, unknown> | null;
    strapiGiven: boolean;
    answersMiddleware: boolean;
  }[];
  noteFindOnes: { whereKeys: string[]; id: unknown; populate: boolean; inTransaction: boolean }[];
  selectedRead: {
    whole: Record<string, unknown>;
    selected: Record<string, unknown>;
    dataReadBack: boolean | null;
  } | null;
  lifecycles: { removable: boolean; calls: { note: number; other: number } } | null;
  provider: { upload: string; uploadStream: string; delete: string } | null;
  providerCalls: { upload: number; uploadStream: number };
  dialectClient: string | null;
  poolMax: number | null;
  mcp: { ai: string; registerTool: string; isEnabled: string; enabled: boolean } | null;
}

async function observed(site: ContractSite): Promise<Observed> {
  const response = await request(`${site.url}/_contract-probe`);
  assert.equal(
    response.status,
    200,
    `the contract probe is not on (PLAYGROUND_CONTRACT_PROBE): ${response.text}`
  );
  return response.json as Observed;
}

const admin = (site: ContractSite, method: string, path: string, body?: unknown): Promise<HttpResponse> =>
  request(`${site.url}${path}`, { method, body, headers: { authorization: `Bearer ${site.adminToken}` } });

/** A Content Manager call (the Document Service underneath) that must succeed. */
async function contentManager(
  site: ContractSite,
  method: string,
  path: string,
  body?: unknown
): Promise<Entry> {
  const response = await admin(site, method, `/content-manager/collection-types/${path}`, body);
  assert.ok(response.status === 200 || response.status === 201, `${method} ${path}: ${response.text}`);
  return response.json.data;
}

const paragraph = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
/** A one-paragraph body's text (PostgreSQL's jsonb reorders keys: compared by value, not spelling). */
const textOf = (entry: Entry | undefined): string => (entry ? entry.body[0].children[0].text : '-');
const unique = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Polls until `found` answers something (or the time is up: undefined). */
async function eventually<T>(found: () => Promise<T | undefined>, ms = 15_000): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await found();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A 1x1 PNG, for an upload through the media library. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
);

/** Uploads a 1x1 PNG through the media library as the super admin: its file id. */
async function uploadPixel(site: ContractSite, name: string): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([PIXEL_PNG], { type: 'image/png' }), name);
  form.append('fileInfo', JSON.stringify({ name }));
  const response = await fetch(`${site.url}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.adminToken}` },
    body: form,
  });
  const text = await response.text();
  assert.ok(response.status === 200 || response.status === 201, `upload: ${text}`);
  return (JSON.parse(text) as { id: number }[])[0].id;
}

/**
 * A shared-blocks document created and published in fr, then given an en localization saved as a draft
 * (through the Content Manager, as an editor would): its documentId. Each body is one paragraph of the text given.
 */
async function frenchPublishedEnglishDraft(
  site: ContractSite,
  bodies: { fr: string; en: string }
): Promise<string> {
  const { documentId } = await contentManager(site, 'POST', `${SHARED_BLOCKS}?locale=fr`, {
    title: 'Le tuyau',
    slug: unique('le-tuyau'),
    body: paragraph(bodies.fr),
  });
  await contentManager(site, 'POST', `${SHARED_BLOCKS}/${documentId}/actions/publish?locale=fr`, {});
  await contentManager(site, 'PUT', `${SHARED_BLOCKS}/${documentId}?locale=en`, {
    title: 'The hose',
    slug: unique('the-hose'),
    body: paragraph(bodies.en),
  });
  return documentId;
}

export const CONTRACT_FACTS: ContractFact[] = [
  {
    name: 'i18n copies a field it does not localize only into the other locales’ rows of the same status',
    file: LARGE_BLOCKS_WRITE,
    async check(site) {
      // An en localization, saved as a draft: its shared body reaches the fr draft, not the live fr entry.
      const documentId = await frenchPublishedEnglishDraft(site, { fr: 'one', en: 'two' });
      const row = async (locale: string, status: 'draft' | 'published') =>
        textOf(
          (await readEntries(site.url, 'shared-blocks-articles', { documentId }, {}, status, locale))[0]
        );
      assert.deepEqual(
        {
          frDraft: await row('fr', 'draft'),
          frPublished: await row('fr', 'published'),
          enDraft: await row('en', 'draft'),
        },
        { frDraft: 'two', frPublished: 'one', enDraft: 'two' },
        `${LARGE_BLOCKS_WRITE} stores a shared large body where Strapi put its stand-in, and never into a ` +
          'published row on a draft delivery: Strapi’s i18n sync of non-localized fields changed ' +
          '(@strapi/i18n dist/server/services/localizations.js syncNonLocalizedAttributes)'
      );
    },
  },
  {
    name: 'the Query Engine selects a version as the Document Service’s status and locale do (publishedAt, locale)',
    file: PLAIN_LOOKUPS,
    async check(site) {
      // A document with a published fr version, its fr draft and an en draft (no en published version).
      const documentId = await frenchPublishedEnglishDraft(site, { fr: 'fr', en: 'en' });
      const response = await request(
        `${site.url}/_contract-probe/versions?uid=${SHARED_BLOCKS}&documentId=${documentId}`
      );
      assert.equal(response.status, 200, `the contract probe's versions: ${response.text}`);
      const answers = response.json as {
        status: string;
        locale: string;
        documents: number[];
        queryEngine: number[];
      }[];
      assert.deepEqual(
        answers.map(({ status, locale, documents }) => `${status} ${locale}: ${documents.length}`),
        ['draft en: 1', 'draft fr: 1', 'published en: 0', 'published fr: 1'],
        'the document has the versions this fact compares'
      );
      for (const { status, locale, documents, queryEngine } of answers)
        assert.deepEqual(
          queryEngine,
          documents,
          `${PLAIN_LOOKUPS} reads a ${status} version in ${locale} with the Query Engine by publishedAt ` +
            `(null for a draft) and locale: the Document Service's status and locale select other rows now ` +
            '(@strapi/core dist/services/document-service/draft-and-publish.js, i18n)'
        );
    },
  },
  {
    name: 'the Query Engine reads an entry’s columns and parts as the Document Service does (populate true, select)',
    file: PLAIN_LOOKUPS,
    async check(site) {
      // An Article as an editor leaves it: an SEO component with its image, categories, a cover.
      const image = await uploadPixel(site, 'contract-entry-read.png');
      const category = await contentManager(site, 'POST', 'api::category.category', {
        name: unique('Hoses'),
      });
      const { documentId } = await contentManager(site, 'POST', 'api::article.article', {
        title: 'The hose, read twice',
        slug: unique('read-twice'),
        cover: image,
        categories: { connect: [category.documentId] },
        seo: {
          metaTitle: 'The hose',
          metaDescription: 'A garden hose for a small garden, and how to choose one that lasts for years.',
          metaImage: image,
          keywords: 'hose',
        },
      });
      const response = await request(
        `${site.url}/_contract-probe/entry?uid=api::article.article&documentId=${documentId}`
      );
      assert.equal(response.status, 200, `the contract probe's entry reads: ${response.text}`);
      const { documents, queryEngine } = response.json as { documents: Entry; queryEngine: Entry };
      assert.equal(documents?.seo?.metaImage?.id, image, 'the entry has the parts this fact compares');
      assert.equal(documents?.categories?.length, 1, 'the entry has the parts this fact compares');
      assert.deepEqual(
        queryEngine,
        documents,
        `${PLAIN_LOOKUPS}'s readEntry reads the entry a publish updates with the Query Engine: its ` +
          "populate: true and select no longer give what the Document Service's populate: '*' and fields give " +
          '(@strapi/core dist/services/document-service/transform)'
      );
    },
  },
  {
    name: 'a Blocks value saved through the Document Service is found by its JSON text',
    file: LARGE_BLOCKS_WRITE,
    async check(site) {
      const body = paragraph(unique('found by its text'));
      const entry = await contentManager(site, 'POST', `${SHARED_BLOCKS}?locale=fr`, {
        title: 'Texte',
        body,
      });
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
        `${LARGE_BLOCKS_WRITE} finds the rows holding its stand-in by \`$eq\` on JSON.stringify of it ` +
          '(core/src/blocks/stored-json.ts BLOCKS_STAND_IN_JSON): Strapi stores a Blocks value otherwise'
      );
    },
  },
  {
    name: 'a JSON field stores a string as given: read back, it is the value the string spells',
    file: LARGE_BLOCKS_WRITE,
    async check(site) {
      const json = JSON.stringify({ blocks: paragraph('stored as text') });
      const note = await contentManager(site, 'POST', CONTRACT_NOTE, { name: 'as text', data: json });
      const [read] = await readEntries(site.url, 'contract-notes', { documentId: note.documentId });
      assert.deepEqual(
        read.data,
        { blocks: paragraph('stored as text') },
        `${LARGE_BLOCKS_WRITE} writes a large body as JSON text with the Query Engine, and finds the rows ` +
          'holding its stand-in by that text: a JSON field no longer stores a string as given ' +
          '(@strapi/database dist/fields/json.js toDB)'
      );
    },
  },
  {
    name: 'entry events re-read an entry by findOne({ where: { id } }) after the commit',
    file: EVENT_READS,
    async check(site) {
      const note = await contentManager(site, 'POST', CONTRACT_NOTE, {
        name: unique('event read'),
        data: {},
      });
      const readsOf = async () => (await observed(site)).noteFindOnes.filter((find) => find.id === note.id);
      // Strapi's own reads of the row inside its write's transaction may come first: the event's comes after.
      const eventRead = (reads: Observed['noteFindOnes']) =>
        reads.find((find) => find.whereKeys.join() === 'id' && find.populate && !find.inTransaction);
      const found = await eventually(async () => eventRead(await readsOf()));
      assert.ok(
        found,
        `${EVENT_READS} paces Strapi's entry-event reads, which it knows as a findOne by \`where: { id }\` ` +
          'alone, with populate, outside any transaction: Strapi reads the entry of its events otherwise ' +
          `(@strapi/core dist/services/document-service/events.js); reads seen: ${JSON.stringify(await readsOf())}`
      );
    },
  },
  {
    name: "a findOne's select set in beforeFindOne and its result changed in an awaited afterFindOne reach the read",
    file: EVENT_READS,
    async check(site) {
      const { selectedRead } = await observed(site);
      assert.ok(selectedRead, 'the probe read a note');
      const { whole, selected } = selectedRead;
      assert.deepEqual(whole.data, { a: 1 });
      assert.deepEqual(
        { ...selected, data: whole.data },
        whole,
        `${EVENT_READS} has Strapi's event read of a large body select every column but the body's and ` +
          'puts the stored body into the entry findOne answers: a select of attribute names and join columns ' +
          'no longer reads the entry a `*` reads, or the params and result given to the findOne hooks are ' +
          'no longer the ones findOne uses (@strapi/database dist/entity-manager/index.js, dist/query)'
      );
      assert.deepEqual(
        selected.data,
        { from: 'afterFindOne' },
        'findOne awaits an async afterFindOne before it answers (the event reads parse a large body in slices there)'
      );
      assert.equal(selectedRead.dataReadBack, false, 'the column left out of the select is not read');
    },
  },
  {
    name: 'lifecycles.subscribe honours `models` and answers the function that removes the subscriber',
    file: EVENT_READS,
    async check(site) {
      const { lifecycles } = await observed(site);
      assert.deepEqual(
        lifecycles,
        { removable: true, calls: { note: 1, other: 0 } },
        `${EVENT_READS} subscribes for the target only and removes its subscriber when no read is pending: ` +
          'strapi.db.lifecycles.subscribe changed (@strapi/database dist/lifecycles/index.js)'
      );
    },
  },
  {
    name: 'strapi.db.dialect.client names the database, and SQLite has one connection (other databases more)',
    file: DATABASE_CLIENT,
    async check(site) {
      const { dialectClient, poolMax } = await observed(site);
      assert.equal(
        dialectClient,
        site.databaseClient,
        `${DATABASE_CLIENT} knows SQLite (event reads paced, a zone publish written in two) by strapi.db.dialect.client`
      );
      if (site.databaseClient === 'sqlite')
        assert.equal(
          poolMax,
          1,
          `${DATABASE_CLIENT}: on SQLite readers wait on a transaction (one connection)`
        );
      else
        assert.ok(
          poolMax !== null && poolMax > 1,
          `${DATABASE_CLIENT}: readers are answered beside a transaction (pool of ${poolMax})`
        );
    },
  },
  {
    name: 'the upload provider has upload/uploadStream and delete, called through the provider object',
    file: UPLOAD_PROVIDER,
    async check(site) {
      const before = await observed(site);
      const methods = before.provider;
      assert.ok(
        methods &&
          methods.delete === 'function' &&
          (methods.upload === 'function' || methods.uploadStream === 'function'),
        `${UPLOAD_PROVIDER} wraps upload/uploadStream and calls delete on strapi.plugin('upload').provider: ` +
          `it has ${JSON.stringify(methods)}`
      );
      await uploadPixel(site, 'contract-pixel.png');
      const after = await observed(site);
      const calls = (seen: Observed) => seen.providerCalls.upload + seen.providerCalls.uploadStream;
      assert.ok(
        calls(after) > calls(before),
        `${UPLOAD_PROVIDER} journals the provider's writes by replacing its methods on ` +
          "strapi.plugin('upload').provider: Strapi's upload no longer calls them through that object " +
          '(@strapi/upload dist/server/services/provider.js)'
      );
    },
  },
  {
    name: 'Strapi’s upload refuses a truncated image (header intact) before its provider writes anything or a file row exists',
    file: UPLOAD_IMAGE_CHECK,
    async check(site) {
      const files = async () => {
        const listed = await admin(site, 'GET', '/upload/files?pageSize=1');
        assert.equal(listed.status, 200, listed.text);
        return listed.json.pagination.total as number;
      };
      const [before, filesBefore] = [await observed(site), await files()];
      for (const format of ['jpeg', 'png'] as const) {
        assert.ok(strapiUploadDecodes(format), `${UPLOAD_IMAGE_CHECK} lists ${format}`);
        const whole = await makeImage(format, 640, 400, 7);
        const form = new FormData();
        const truncated = whole.subarray(0, whole.length >> 1);
        form.append('files', new Blob([truncated], { type: `image/${format}` }), `truncated.${format}`);
        const response = await fetch(`${site.url}/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${site.adminToken}` },
          body: form,
        });
        const text = await response.text();
        assert.equal(response.status, 400, `a truncated ${format}: ${text}`);
        assert.match(text, /File is not a valid image/, `${UPLOAD_IMAGE_CHECK}: Strapi's refusal reads so`);
      }
      const after = await observed(site);
      const calls = (seen: Observed) => seen.providerCalls.upload + seen.providerCalls.uploadStream;
      assert.equal(calls(after), calls(before), `${UPLOAD_IMAGE_CHECK}: the provider wrote nothing`);
      assert.equal(await files(), filesBefore, `${UPLOAD_IMAGE_CHECK}: no file row`);
    },
  },
  {
    name: 'strapi::body is a factory extended in register, given the app’s options, mounted before routing',
    file: BODY_PARSER,
    async check(site) {
      const { middlewaresExtend, bodyFactoryCalls } = await observed(site);
      assert.equal(
        middlewaresExtend,
        true,
        `${BODY_PARSER} wraps strapi::body with the middlewares registry's extend`
      );
      assert.deepEqual(
        bodyFactoryCalls.map((call) => ({ ...call, jsonLimit: call.config?.jsonLimit, config: undefined })),
        [{ config: undefined, jsonLimit: CONTRACT_JSON_LIMIT, strapiGiven: true, answersMiddleware: true }],
        `${BODY_PARSER} hands the app's options to Strapi's body parser: Strapi no longer calls the ` +
          'strapi::body factory once with (config, { strapi }) (@strapi/core dist/middlewares/body.js)'
      );
      // The option reaches Strapi's parser through the plugin's scope, on a route it does not scope.
      const tooLarge = await request(`${site.url}/api/contract-notes`, {
        method: 'POST',
        body: { data: { name: 'x'.repeat(100 * 1024) } },
      });
      assert.equal(
        tooLarge.status,
        413,
        `${BODY_PARSER}: a JSON body over the app's jsonLimit (${CONTRACT_JSON_LIMIT}) is refused by ` +
          `Strapi's parser before routing: ${tooLarge.status} ${tooLarge.text.slice(0, 200)}`
      );
    },
  },
  {
    name: 'Strapi’s MCP server is strapi.ai.mcp (registerTool, isEnabled) where the release has it, and absent (no /mcp) where it has not; the plugin registers its tools only there, and starts either way',
    file: STRAPI_MCP,
    async check(site) {
      const { mcp } = await observed(site);
      assert.ok(mcp, 'the probe saw strapi.ai');
      const output = site.output?.() ?? '';
      const mcpErrors = output.split('\n').filter((line) => /mcp/i.test(line) && /error|failed/i.test(line));
      assert.deepEqual(mcpErrors, [], 'no error about MCP in the log');
      if (mcp.registerTool === 'function') {
        assert.equal(
          mcp.isEnabled,
          'function',
          `${STRAPI_MCP}: strapi.ai.mcp has registerTool but no isEnabled`
        );
        if (!mcp.enabled) return;
        const tools = await listedMcpTools(site);
        for (const tool of PLUGIN_TOOLS) assert.ok(tools.includes(tool), `${tool} in ${tools.join(', ')}`);
        return;
      }
      // A release without the server: nothing to register into, nothing registered, and /mcp is no route.
      assert.equal(mcp.isEnabled, 'undefined', `${STRAPI_MCP}: strapi.ai.mcp is there in part`);
      const route = await request(`${site.url}/mcp`, { method: 'POST', body: {} });
      // No route: 404, or 405 where another route of the path answers other methods (5.0.0 does).
      assert.ok(
        route.status === 404 || route.status === 405,
        `/mcp on a release without the MCP server: ${route.status} ${route.text.slice(0, 200)}`
      );
      if (site.output)
        assert.ok(output.includes(MCP_UNAVAILABLE_MESSAGE), 'the plugin said why no tools are registered');
    },
  },
];

/** Checks every fact; answers the failures (each message names its file in server/src/strapi/). */
export async function checkStrapiContract(
  site: ContractSite
): Promise<{ fact: ContractFact; message: string }[]> {
  const failures: { fact: ContractFact; message: string }[] = [];
  for (const fact of CONTRACT_FACTS) {
    try {
      await fact.check(site);
    } catch (error) {
      failures.push({ fact, message: (error as Error).message.split('\n')[0] });
    }
  }
  return failures;
}
