/**
 * The publish stages of server/src/pipeline/publish/ with their collaborators passed in (issue #30): no Strapi
 * is booted, so each runs in milliseconds. The collaborators record what they are asked, in order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articleFromPublishRequest, normalizeArticle } from '../../core/src/article';
import { articleOptions, DEFAULT_CONFIG, resolveEffectiveConfig } from '../../core/src/config';
import type { LibraryFile } from '../../core/src/body-formats';
import { htmlParses } from '../../core/src/html/parse-count';
import { parsePublishRequest } from '../../core/src/publish-request';
import { buildPublishTarget, type PublishTarget } from '../../core/src/publish-target';
import { createStageTimings } from '../../core/src/stage-timings';
import {
  contentTypeSchema,
  catalogOf,
  exampleBlog,
  playgroundArticle,
  targetSettings,
} from '../../core/test/helpers/target-shapes';
import type { PublishCollaborators } from '../src/pipeline/publish/collaborators';
import { planPublish, PostGone, SlugTaken, type PostSelection } from '../src/pipeline/publish/plan';
import { previewArticle } from '../src/pipeline/publish/preview';
import { deliver } from '../src/pipeline/publish/deliver';
import articleWork from '../src/worker/pool';
import { decideImages } from '../../core/src/images/image-decisions';
import { imagesToImport } from '../../core/src/images/images-to-import';
import type { ArticleMedia } from '../src/pipeline/media/types';
import type { DeliveryRecord } from '../src/pipeline/ledger/deliveries';
import type { HeldLocks } from '../src/pipeline/locks/locks';
import type { ScheduleRequest } from '../src/pipeline/schedule/schedules';
import type { DocumentRow } from '../src/strapi/documents';

const config = resolveEffectiveConfig(DEFAULT_CONFIG, {});
const SOURCE = 'https://images.example/photo.jpg';
const LIBRARY_URL = 'https://site.example/uploads/photo_1a2b.jpg';
const LIBRARY_FILE: LibraryFile = { id: 7, url: LIBRARY_URL };

const TARGETS = {
  html: () => buildPublishTarget(targetSettings({ bodyFormat: 'html' }), playgroundArticle().catalog),
  markdown: () => buildPublishTarget(targetSettings({ bodyFormat: 'markdown' }), playgroundArticle().catalog),
  blocks: () => {
    const post = contentTypeSchema('api::article.article', {
      title: { type: 'string' },
      slug: { type: 'uid', targetField: 'title' },
      body: { type: 'blocks' },
    });
    return buildPublishTarget(targetSettings(), catalogOf([post]));
  },
  zone: () => buildPublishTarget(targetSettings({ defaults: { author: 'Jane Doe' } }), exampleBlog().catalog),
};

const REQUEST = {
  title: 'Watering succulents in winter',
  content:
    '<script type="application/ld+json">{"@type":"Article"}</script><h2>Why less</h2>' +
    '<p>Succulents rest in <strong>winter</strong> &amp; drink little.</p>' +
    `<figure><img src="${SOURCE}" alt="A cactus"><figcaption>A cactus</figcaption></figure>` +
    '<p>Water once a month, in the morning.</p><ul><li>Soil</li><li>Pot</li></ul>',
  focus_keyword: 'succulents',
  meta_description: 'How often to water succulents over winter, and why less is more for them.',
  status: 'publish',
};

/** Collaborators that answer like an empty site and record every call, in order. */
function fakeSite(target: PublishTarget, media: Partial<ArticleMedia> = {}) {
  const calls: string[] = [];
  const saved: Record<string, unknown>[] = [];
  const ledger: DeliveryRecord[] = [];
  const settled: ScheduleRequest[] = [];
  const call = <T>(name: string, value: T) => {
    calls.push(name);
    return value;
  };
  const held: HeldLocks = { releaseWithin: async () => call('release locks', undefined) };
  /** The entry the site has: none (a new post), or one found by slug and by document id. */
  const state = {
    existing: null as DocumentRow | null,
    /** A write that throws, to see what a failure leaves. */
    failAt: undefined as 'save post' | 'settle status' | undefined,
    /** Whether a delivery wrote the slug before (the ledger's answer); unset: whether an entry exists. */
    delivered: undefined as boolean | undefined,
    /** Whether no other holder has the post's locks (for a lock taken inside a transaction). */
    locksFree: true,
    /** The slug entry's stamps, read one after another; when none are left, the existing entry's. */
    stamps: [] as (string | null)[],
    /** Whether every image is one the post's earlier deliveries imported (nothing to import). */
    allReused: true,
    /** The media-source rows those reused images are recorded by, and whether they still are. */
    reusedRows: [] as number[],
    rowsRecorded: true,
  };
  const use: PublishCollaborators = {
    targetSchema: { requireUsable: () => target },
    siteLocales: {
      choose: async () => call('choose locale', { locale: undefined, otherLocales: [], warnings: [] }),
    },
    siteInfo: { siteUrl: () => 'https://site.example' },
    categories: {
      plan: async () => call('plan categories', { kind: 'none' as const }),
      lockNames: () => [],
      apply: async () => call('apply categories', []),
      applyTags: async () => call('apply tags', []),
      findAuthor: async () => call('find author', 'author-doc-1'),
    },
    posts: {
      findPostBySlug: async () => call('find post', state.existing),
      readPostBySlug: async () => {
        const stamp = state.stamps.length
          ? (state.stamps.shift() ?? null)
          : state.existing
            ? 'stamp-1'
            : null;
        const entry = state.existing ?? { id: 99, documentId: 'doc-99' };
        return call('read entry and stamp', stamp === null ? null : { entry, stamp });
      },
      findPostByDocument: async () => call('find post by document', state.existing),
      findTranslatedDocument: async () => call('find translation', undefined),
      existingZone: () => [],
      saveDraft: async (_target, _documentId, data) => {
        saved.push(data);
        if (state.failAt === 'save post') throw new Error('save refused');
        return call('save post', { documentId: 'post-doc-1', postId: 1 });
      },
      settleStatus: async () => {
        if (state.failAt === 'settle status') throw new Error('publish refused');
        return call('settle status', undefined);
      },
      postExists: async () => call('post exists', true),
      eventReadsSettled: async () => call('event reads settled', undefined),
      entryStamp: async () =>
        call(
          'stamp entry',
          state.stamps.length ? (state.stamps.shift() ?? null) : state.existing ? 'stamp-1' : null
        ),
    },
    deliveries: {
      recordDelivery: async (record) => {
        ledger.push(record);
        return call('record delivery', ledger.length);
      },
      findLatestOfArticle: async () => call('ledger read', null),
      findRepeatFacts: async () => call('ledger read', { sameBytes: null, newestSentAt: undefined }),
      findLatestDocumentOf: async () =>
        call('ledger knows slug', (state.delivered ?? state.existing !== null) ? 'doc-1' : null),
    },
    locks: {
      withLocks: async (_names, work) => work(call('take locks', held)),
      freeWithin: async () => call('locks free in transaction', state.locksFree ? held : undefined),
      tryTakeWithin: async () =>
        call(
          'take locks in transaction',
          state.locksFree
            ? { ...held, release: async () => call('release locks after commit', undefined) }
            : undefined
        ),
    },
    schedules: {
      settle: async (request) => {
        settled.push(request);
        return call('settle schedule', undefined);
      },
    },
    keptTerms: {
      linkPost: async (scope, documentId, termIds) =>
        call(`link ${scope.taxonomy} ${termIds.join(',')} to ${documentId}`, undefined),
    },
    media: {
      importArticleImages: async () =>
        call('import images', {
          libraryFiles: new Map([[SOURCE, LIBRARY_FILE]]),
          featured: { kind: 'none' as const },
          imported: [{ source_url: SOURCE, local_url: LIBRARY_URL, attachment_id: 7 }],
          warnings: [],
          refusedSources: [],
          uploadedFileIds: [7],
          ...media,
        }),
      reuseArticleImages: async () =>
        call(
          'reuse images',
          state.allReused
            ? {
                media: {
                  libraryFiles: new Map([[SOURCE, LIBRARY_FILE]]),
                  featured: { kind: 'none' as const },
                  imported: [{ source_url: SOURCE, local_url: LIBRARY_URL, attachment_id: 7 }],
                  warnings: [],
                  refusedSources: [],
                  uploadedFileIds: [],
                  ...media,
                },
                reusedRows: state.reusedRows,
              }
            : undefined
        ),
      stillRecorded: async () => call('reused rows recorded', state.rowsRecorded),
      discard: async () => call('discard', undefined),
      // The dry run's question: no image is refused without a fetch here.
      decideArticleImages: async () => {
        const plan = imagesToImport([], undefined, false, {
          allowHttp: false,
          maxInlineImages: 50,
          serverUrl: '',
        });
        const policy = { maxBytes: 1024 * 1024, allowHttp: false, allowPrivateNetworks: false };
        return call('decide images', {
          bodyImages: [],
          siteFiles: new Map(),
          plan,
          decisions: decideImages([], plan, policy),
        });
      },
    },
    // The service itself: without the built worker file (tests run the sources) it works inline.
    articleWork: articleWork(),
    transaction: async (work) => {
      calls.push('BEGIN');
      // The fake's statements are its calls: no connection is needed to run them.
      const result = await work(undefined as unknown as Parameters<typeof work>[0]).catch(
        (error: unknown) => {
          calls.push('ROLLBACK');
          throw error;
        }
      );
      calls.push('COMMIT');
      return result;
    },
    oneConnection: false,
  };
  return { use, state, calls, saved, ledger, settled };
}

const clock = () => createStageTimings(undefined).start('test');

/** What a publish's transaction holds: its writes, and the release of its locks (before the commit). */
const WRITES = [
  'apply categories',
  'save post',
  'settle status',
  'record delivery',
  'settle schedule',
  'release locks',
];

let runs = 0;

async function publishThrough(format: keyof typeof TARGETS) {
  const target = TARGETS[format]();
  const site = fakeSite(target);
  const before = htmlParses.runs;
  // Text of its own per run: a request's HTML is new to the parser each time, as on a site.
  const request = parsePublishRequest({ ...REQUEST, content: `${REQUEST.content}<p>${++runs}</p>` });
  const article = normalizeArticle(articleFromPublishRequest(request), articleOptions(config));
  const publish = await planPublish(article, { source: 'api' }, config, clock(), site.use);
  const written = await deliver(publish, site.use);
  return { ...site, target, article, publish, written, parses: htmlParses.runs - before };
}

describe('publish stages without Strapi (issue #30)', () => {
  it('parses the article HTML twice in every format: sanitize (with the bounds and JSON-LD), and one tree', async () => {
    // The sanitizer's run also measures the bounds and takes the JSON-LD out; the clean HTML is read
    // once into the tree that the image list, summary, reading time and every body writer read (the
    // Markdown writer hands turndown a DOM built from the tree, not HTML to parse).
    for (const format of ['html', 'markdown', 'blocks', 'zone'] as const) {
      const { parses } = await publishThrough(format);
      assert.equal(parses, 2, `${format}: ${parses} parser runs`);
    }
    // The zone's text components hold Markdown, written from their runs of the tree.
    const zone = await publishThrough('zone');
    const components = zone.saved[0].blocks as { __component: string }[];
    assert.equal(components.filter((c) => c.__component === 'shared.rich-text').length, 2);
  });

  it('asks the schedules to look for a waiting schedule only for a document that existed', async () => {
    const created = await publishThrough('html');
    assert.equal(created.settled[0].newDocument, true);
    const site = fakeSite(TARGETS.html());
    site.use.posts.findTranslatedDocument = async () => 'other-locale-doc';
    const request = parsePublishRequest(REQUEST);
    const article = normalizeArticle(articleFromPublishRequest(request), articleOptions(config));
    await deliver(await planPublish(article, { source: 'api' }, config, clock(), site.use), site.use);
    assert.equal(site.settled[0].newDocument, false, 'a localization of an existing document');
  });

  it('holds only database writes inside the transaction; reads, body and values come before it', async () => {
    const { calls } = await publishThrough('zone');
    const begin = calls.indexOf('BEGIN');
    const inside = calls.slice(begin + 1, calls.indexOf('COMMIT'));
    assert.deepEqual(inside, WRITES);
    for (const before of ['find post', 'find translation', 'find author', 'import images'])
      assert.ok(calls.indexOf(before) < begin, `${before} runs before the transaction`);
  });

  describe('a zone body of many components where readers wait on a transaction (SQLite)', () => {
    /** Paragraphs and quotes in turn: each becomes a component of its own. */
    const manyComponents = (pairs: number) =>
      Array.from(
        { length: pairs },
        (_, n) => `<p>Part ${n}.</p><blockquote><p>Quote ${n}.</p></blockquote>`
      ).join('');
    const publishZone = async (pairs: number, readersWait: boolean, failAt?: 'settle status') => {
      const site = fakeSite(TARGETS.zone());
      site.use.oneConnection = readersWait;
      site.state.failAt = failAt;
      // With an image to import, as the tests below need: a publish that imports nothing commits once on SQLite.
      const figure = `<figure><img src="${SOURCE}" alt="A cactus"></figure>`;
      const request = parsePublishRequest({ ...REQUEST, content: manyComponents(pairs) + figure });
      const article = normalizeArticle(articleFromPublishRequest(request), articleOptions(config));
      const publish = await planPublish(article, { source: 'api' }, config, clock(), site.use);
      const outcome = await deliver(publish, site.use).catch((error: Error) => error);
      return { ...site, outcome, components: (site.saved[0]?.blocks as unknown[] | undefined)?.length ?? 0 };
    };
    const transactions = (calls: string[]) => {
      const found: string[][] = [];
      for (let at = calls.indexOf('BEGIN'); at !== -1; at = calls.indexOf('BEGIN', at + 1))
        found.push(calls.slice(at + 1, calls.indexOf('COMMIT', at)));
      return found;
    };

    it('saves the draft in one transaction, then publishes and records it in a second', async () => {
      const { calls, components } = await publishZone(20, true);
      assert.ok(components >= 24, `${components} components`);
      assert.deepEqual(transactions(calls), [
        ['apply categories', 'save post'],
        ['settle status', 'record delivery', 'settle schedule', 'release locks'],
      ]);
      // Strapi's event read of the draft, after the first commit, goes before the second transaction.
      const between = calls.slice(calls.indexOf('COMMIT') + 1, calls.lastIndexOf('BEGIN'));
      assert.deepEqual(between, ['event reads settled']);
    });

    it('a text body of a million characters or more: the draft, then the publish, in two transactions', async () => {
      const publishHtml = async (characters: number) => {
        const site = fakeSite(TARGETS.html());
        site.use.oneConnection = true;
        const paragraph = `<p>${'A garden hose comes in many lengths and widths. '.repeat(20)}</p>`;
        const text = paragraph.repeat(Math.ceil(characters / paragraph.length));
        const figure = `<figure><img src="${SOURCE}" alt="A cactus"></figure>`;
        const request = parsePublishRequest({ ...REQUEST, content: text + figure });
        const article = normalizeArticle(articleFromPublishRequest(request), articleOptions(config));
        await deliver(await planPublish(article, { source: 'api' }, config, clock(), site.use), site.use);
        return transactions(site.calls);
      };
      assert.deepEqual(await publishHtml(1_000_000), [
        ['apply categories', 'save post'],
        ['settle status', 'record delivery', 'settle schedule', 'release locks'],
      ]);
      assert.deepEqual(await publishHtml(200_000), [WRITES]);
    });

    it('keeps one transaction for a few components, and on databases whose readers do not wait', async () => {
      const few = await publishZone(3, true);
      assert.ok(few.components < 24);
      assert.deepEqual(transactions(few.calls), [WRITES]);
      const otherDatabase = await publishZone(20, false);
      assert.deepEqual(transactions(otherDatabase.calls), [WRITES]);
    });

    it('keeps the imported images when the publish fails after the draft was saved; discards them when nothing was', async () => {
      const afterDraft = await publishZone(20, true, 'settle status');
      assert.ok(afterDraft.outcome instanceof Error);
      assert.ok(!afterDraft.calls.includes('discard'), 'the saved draft shows them');
      assert.ok(!afterDraft.calls.includes('record delivery'), 'no ledger entry: a retry writes it');
      const oneTransaction = await publishZone(3, true, 'settle status');
      assert.ok(oneTransaction.outcome instanceof Error);
      assert.ok(oneTransaction.calls.includes('discard'), 'the rolled-back write shows nothing');
    });
  });

  describe('a publish that imports nothing, where transactions run one at a time (SQLite)', () => {
    /** The request without its figure: nothing to import. */
    const PLAIN = { ...REQUEST, content: REQUEST.content.replace(/<figure>.*<\/figure>/, '') };
    const publishPlain = async (
      options: {
        oneAtATime?: boolean;
        locksFree?: boolean;
        stamps?: (string | null)[];
        /** Whether a delivery wrote the slug before (unset: whether an entry exists). */
        delivered?: boolean;
        request?: object;
        /** A republish: the entry the slug has, and what becomes of its images. */
        existing?: DocumentRow;
        allReused?: boolean;
        reusedRows?: number[];
        rowsRecorded?: boolean;
      } = {}
    ) => {
      const site = fakeSite(TARGETS.html());
      site.use.oneConnection = options.oneAtATime ?? true;
      site.state.existing = options.existing ?? null;
      site.state.allReused = options.allReused ?? true;
      site.state.reusedRows = options.reusedRows ?? [];
      site.state.rowsRecorded = options.rowsRecorded ?? true;
      site.state.locksFree = options.locksFree ?? true;
      site.state.stamps = options.stamps ?? [];
      site.state.delivered = options.delivered;
      const request = parsePublishRequest(options.request ?? PLAIN);
      const article = normalizeArticle(articleFromPublishRequest(request), articleOptions(config));
      const publish = await planPublish(article, { source: 'api' }, config, clock(), site.use);
      const written = await deliver(publish, site.use);
      return { ...site, written };
    };
    const count = (calls: string[], name: string) => calls.filter((call) => call === name).length;

    it('finds its locks free inside its write transaction, after checking the entry is as it was read: one commit', async () => {
      const { calls, ledger, written } = await publishPlain();
      assert.equal(count(calls, 'take locks'), 0, 'no lock taken (and committed) before the reads');
      assert.equal(count(calls, 'BEGIN'), 1);
      const inside = calls.slice(calls.indexOf('BEGIN') + 1, calls.indexOf('COMMIT'));
      assert.deepEqual(inside, ['locks free in transaction', 'stamp entry', 'find translation', ...WRITES]);
      assert.equal(ledger.length, 1);
      assert.equal(written.created, true);
      // A slug a delivery wrote before has its entry read before, too.
      const known = await publishPlain({ delivered: true });
      assert.ok(
        known.calls.indexOf('read entry and stamp') < known.calls.indexOf('BEGIN'),
        'the entry is read before, too'
      );
      assert.equal(known.written.created, true);
    });

    it('a slug no delivery wrote: its entry is not read before; one made by hand is caught inside, then updated under the locks', async () => {
      const fresh = await publishPlain();
      assert.equal(count(fresh.calls, 'ledger knows slug'), 1);
      assert.equal(count(fresh.calls, 'read entry and stamp'), 0, 'no scan of the entries before');
      // An entry the slug has, made by hand: the ledger does not know it.
      const EXISTING: DocumentRow = { id: 41, documentId: 'doc-41', slug: 'watering-succulents' };
      const byHand = await publishPlain({ existing: EXISTING, delivered: false });
      const { calls } = byHand;
      assert.deepEqual(calls.slice(calls.indexOf('BEGIN') + 1, calls.indexOf('ROLLBACK')), [
        'locks free in transaction',
        'stamp entry',
      ]);
      assert.ok(calls.indexOf('take locks') > calls.indexOf('ROLLBACK'), 'then under the locks');
      assert.ok(calls.indexOf('find post') > calls.indexOf('take locks'), 'which read the entry');
      assert.equal(byHand.saved.length, 1, 'saved once');
      assert.equal(byHand.written.created, false, 'the entry made by hand is updated');
    });

    it('locks held elsewhere: rolls back before writing, then publishes under locks taken first', async () => {
      const yielded = await publishPlain({ locksFree: false });
      const { calls } = yielded;
      assert.deepEqual(calls.slice(calls.indexOf('BEGIN') + 1, calls.indexOf('ROLLBACK')), [
        'locks free in transaction',
      ]);
      assert.ok(calls.indexOf('take locks') > calls.indexOf('ROLLBACK'), 'then the locks are taken first');
      assert.equal(count(calls, 'COMMIT'), 1);
      assert.equal(yielded.saved.length, 1, 'the post is saved once');
      assert.equal(yielded.ledger.length, 1);
      // The publish under the locks composes again: its warnings are not listed twice.
      const once = await publishPlain();
      assert.deepEqual(yielded.ledger[0].warnings, once.ledger[0].warnings);
    });

    it('an entry that appeared after it was read: rolls back, then publishes under the locks', async () => {
      const { calls, saved, ledger } = await publishPlain({ stamps: [null, 'stamp-9'], delivered: true });
      assert.deepEqual(calls.slice(calls.indexOf('BEGIN') + 1, calls.indexOf('ROLLBACK')), [
        'locks free in transaction',
        'stamp entry',
      ]);
      assert.ok(calls.indexOf('take locks') > calls.indexOf('ROLLBACK'));
      assert.equal(saved.length, 1);
      assert.equal(ledger.length, 1);
    });

    it('a zone of many components: the locks taken in the draft transaction, given back in the second', async () => {
      const pairs = Array.from(
        { length: 20 },
        (_, n) => `<p>Part ${n}.</p><blockquote><p>Quote ${n}.</p></blockquote>`
      );
      const zone = async (failAt?: 'settle status') => {
        const site = fakeSite(TARGETS.zone());
        site.use.oneConnection = true;
        site.state.failAt = failAt;
        const request = parsePublishRequest({ ...PLAIN, content: pairs.join('') });
        const article = normalizeArticle(articleFromPublishRequest(request), articleOptions(config));
        const publish = await planPublish(article, { source: 'api' }, config, clock(), site.use);
        return { ...site, outcome: await deliver(publish, site.use).catch((error: Error) => error) };
      };
      const { calls } = await zone();
      assert.equal(count(calls, 'take locks'), 0);
      assert.equal(count(calls, 'save post'), 1, 'composed and saved once');
      const draft = calls.slice(calls.indexOf('BEGIN') + 1, calls.indexOf('COMMIT'));
      assert.deepEqual(draft.slice(0, 3), ['take locks in transaction', 'stamp entry', 'find translation']);
      assert.equal(calls.filter((call) => call === 'BEGIN').length, 2);
      assert.equal(calls[calls.lastIndexOf('COMMIT') - 1], 'release locks');
      // The second transaction fails: the locks the first committed are given back after it.
      const failed = await zone('settle status');
      assert.ok(failed.outcome instanceof Error);
      assert.equal(failed.calls.at(-1), 'release locks after commit');
    });

    it('an article with an image, or a database of many connections: its locks are taken first', async () => {
      for (const options of [{ request: REQUEST }, { oneAtATime: false }]) {
        const { calls } = await publishPlain(options);
        assert.equal(count(calls, 'take locks in transaction'), 0, JSON.stringify(options));
        assert.equal(count(calls, 'locks free in transaction'), 0, JSON.stringify(options));
        assert.ok(calls.indexOf('take locks') < calls.indexOf('BEGIN'), JSON.stringify(options));
      }
    });
    describe('a republish whose images its earlier deliveries imported (issue #62)', () => {
      const EXISTING: DocumentRow = { id: 41, documentId: 'doc-41', slug: 'watering-succulents' };
      const republish = { request: REQUEST, existing: EXISTING, reusedRows: [3] };

      it('imports nothing, so it commits once, after checking the entry and the reused records', async () => {
        const { calls, written } = await publishPlain(republish);
        assert.equal(count(calls, 'take locks'), 0);
        assert.equal(count(calls, 'import images'), 0, 'nothing imported or claimed');
        assert.deepEqual(calls.slice(0, calls.indexOf('BEGIN')).slice(-2), [
          'read entry and stamp',
          'reuse images',
        ]);
        const inside = calls.slice(calls.indexOf('BEGIN') + 1, calls.indexOf('COMMIT'));
        assert.deepEqual(inside, [
          'locks free in transaction',
          'stamp entry',
          'reused rows recorded',
          ...WRITES,
        ]);
        assert.equal(written.created, false);
        assert.deepEqual(written.media.imported, [
          { source_url: SOURCE, local_url: LIBRARY_URL, attachment_id: 7 },
        ]);
      });

      it('a reused record dropped since it was read: rolls back, then imports under the locks', async () => {
        const { calls, saved, ledger } = await publishPlain({ ...republish, rowsRecorded: false });
        assert.deepEqual(calls.slice(calls.indexOf('BEGIN') + 1, calls.indexOf('ROLLBACK')), [
          'locks free in transaction',
          'stamp entry',
          'reused rows recorded',
        ]);
        assert.ok(calls.indexOf('take locks') > calls.indexOf('ROLLBACK'));
        assert.ok(calls.indexOf('import images') > calls.indexOf('take locks'));
        assert.equal(saved.length, 1);
        assert.equal(ledger.length, 1);
      });

      it('an image to import: its locks are taken first, and the entry is read under them', async () => {
        const { calls } = await publishPlain({ ...republish, allReused: false });
        assert.equal(count(calls, 'take locks in transaction'), 0);
        assert.equal(count(calls, 'locks free in transaction'), 0);
        assert.equal(count(calls, 'find post'), 1, 'the entry is read once, under the locks');
        assert.ok(calls.indexOf('take locks') < calls.indexOf('find post'));
        assert.ok(calls.indexOf('take locks') < calls.indexOf('import images'));
      });
    });
  });

  describe('which post a delivery writes', () => {
    const EXISTING: DocumentRow = { id: 41, documentId: 'doc-41', slug: 'Spring_Sale.x', title: 'Old' };
    const planFor = async (site: ReturnType<typeof fakeSite>, selection: PostSelection) => {
      const article = normalizeArticle(
        articleFromPublishRequest(parsePublishRequest(REQUEST)),
        articleOptions(config)
      );
      return planPublish(article, { source: 'wordpress', meta: {} }, config, clock(), site.use, selection);
    };

    it("a WordPress post's own terms are linked in the post's transaction, after the post is saved", async () => {
      const site = fakeSite(TARGETS.html());
      const article = normalizeArticle(
        articleFromPublishRequest(parsePublishRequest(REQUEST)),
        articleOptions(config)
      );
      const origin = {
        source: 'wordpress' as const,
        meta: {},
        keptTerms: [
          { taxonomy: 'category' as const, termIds: [3, 1] },
          { taxonomy: 'post_tag' as const, termIds: [] },
        ],
      };
      await deliver(
        await planPublish(article, origin, config, clock(), site.use, { kind: 'by slug' }),
        site.use
      );
      const inside = site.calls.slice(site.calls.indexOf('BEGIN') + 1, site.calls.indexOf('COMMIT'));
      assert.deepEqual(inside, [
        'apply categories',
        'save post',
        'settle status',
        'link category 3,1 to post-doc-1',
        'link post_tag  to post-doc-1',
        'record delivery',
        'settle schedule',
        'release locks',
      ]);
    });

    it('every publish takes its locks first, and gives them back inside its one transaction', async () => {
      const { calls } = await publishThrough('html');
      assert.ok(calls.indexOf('take locks') < calls.indexOf('find post'));
      assert.equal(calls.filter((name) => name === 'BEGIN').length, 1);
    });

    it('a new post on a slug taken meanwhile is refused before anything is imported or written', async () => {
      const site = fakeSite(TARGETS.html());
      site.state.existing = EXISTING;
      await assert.rejects(deliver(await planFor(site, { kind: 'new' }), site.use), SlugTaken);
      assert.ok(!site.calls.includes('import images') && !site.calls.includes('BEGIN'));
    });

    it('an update by id writes that document, keeps its stored slug and locks it', async () => {
      const site = fakeSite(TARGETS.html());
      site.state.existing = EXISTING;
      let savedTo: string | undefined;
      const save = site.use.posts.saveDraft;
      site.use.posts.saveDraft = async (target, documentId, data, locale) => {
        savedTo = documentId;
        return save(target, documentId, data, locale);
      };
      const publish = await planFor(site, { kind: 'document', documentId: 'doc-41', slug: 'Spring_Sale.x' });
      assert.ok(publish.lockNames.includes('post:api::article.article:Spring_Sale.x'));
      await deliver(publish, site.use);
      assert.equal(savedTo, 'doc-41');
      assert.ok(!site.calls.includes('find post'), 'not looked up by its slug');
      assert.equal(site.saved[0].slug, undefined, 'the stored slug is not rewritten');
      assert.equal(site.ledger[0].slug, 'Spring_Sale.x');
    });

    it('an update by id of a document deleted meanwhile writes nothing', async () => {
      const site = fakeSite(TARGETS.html());
      const publish = await planFor(site, { kind: 'document', documentId: 'gone', slug: undefined });
      assert.deepEqual(publish.lockNames.slice(0, 1), ['post-document:api::article.article:gone']);
      await assert.rejects(deliver(publish, site.use), PostGone);
      assert.ok(!site.calls.includes('BEGIN'));
    });
  });

  it('the media step hands media to the body writer, which puts the library file in while it writes', async () => {
    const html = await publishThrough('html');
    const htmlBody = String(html.saved[0].content);
    assert.ok(htmlBody.includes(`<img src="${LIBRARY_URL}" alt="A cactus" />`), htmlBody);
    assert.ok(!htmlBody.includes(SOURCE));
    const markdown = String((await publishThrough('markdown')).saved[0].content);
    assert.ok(markdown.includes(`![A cactus](${LIBRARY_URL})`), markdown);
    const zone = (await publishThrough('zone')).saved[0].blocks as Record<string, unknown>[];
    assert.deepEqual(
      zone.find((component) => component.__component === 'shared.media'),
      { __component: 'shared.media', file: 7 }
    );
  });

  it('the featured image outcome is a typed value, answered and recorded in the contract`s words', async () => {
    const target = TARGETS.html();
    const site = fakeSite(target, { featured: { kind: 'failed', reason: 'the image is too large' } });
    const article = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest({ ...REQUEST, featured_image: SOURCE })),
      articleOptions(config)
    );
    const publish = await planPublish(article, { source: 'api' }, config, clock(), site.use);
    await deliver(publish, site.use);
    assert.ok(site.ledger[0].warnings.includes('featured image: the image is too large'));
    assert.equal(site.saved[0].cover, undefined);
  });

  it('a failed write discards the imported media', async () => {
    const target = TARGETS.html();
    const site = fakeSite(target);
    site.use.posts.saveDraft = async () => {
      throw new Error('disk full');
    };
    const article = normalizeArticle(
      articleFromPublishRequest(parsePublishRequest(REQUEST)),
      articleOptions(config)
    );
    const publish = await planPublish(article, { source: 'api' }, config, clock(), site.use);
    await assert.rejects(deliver(publish, site.use), /disk full/);
    assert.equal(site.calls.at(-1), 'discard');
  });

  it('the dry run is the same pipeline stopped before fetching and writing: same values, author as a relation', async () => {
    const published = await publishThrough('zone');
    const site = fakeSite(published.target);
    const preview = await previewArticle(published.article, config, clock(), site.use);
    assert.ok(!site.calls.includes('import images') && !site.calls.includes('BEGIN'));
    assert.deepEqual(preview.values.author, { set: ['author-doc-1'] });
    const saved = published.saved[0];
    for (const field of ['title', 'slug', 'description', 'author'])
      assert.deepEqual(preview.values[field], saved[field], field);
    assert.deepEqual(preview.images.inline, [SOURCE]);
  });
});
