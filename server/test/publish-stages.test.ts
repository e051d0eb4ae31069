/**
 * The publish stages of server/src/publish/ with their collaborators passed in (issue #30): no Strapi
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
import type { PublishCollaborators } from '../src/publish/collaborators';
import { planPublish } from '../src/publish/plan';
import { previewArticle } from '../src/publish/preview';
import { deliver } from '../src/publish/write';
import articleWork from '../src/services/article-work';
import type { ArticleMedia } from '../src/services/media-import';
import type { DeliveryRecord } from '../src/services/deliveries';
import type { HeldLocks } from '../src/services/locks';
import type { ScheduleRequest } from '../src/schedule/schedules';

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
  /** What a one-commit write finds inside its transaction: the locks free, the entry as it read it (none). */
  const state = { locksFree: true, entryStampNow: null as string | null };
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
      findPostBySlug: async () => call('find post', null),
      findTranslatedDocument: async () => call('find translation', undefined),
      existingZone: () => [],
      savePost: async (_target, _documentId, data) => {
        saved.push(data);
        return call('save post', { documentId: 'post-doc-1', postId: 1 });
      },
      postExists: async () => call('post exists', true),
      stampOf: (row) => (row ? `${row.id}` : null),
      entryStamp: async () => call('entry stamp', state.entryStampNow),
    },
    deliveries: {
      recordDelivery: async (record) => {
        ledger.push(record);
        return call('record delivery', ledger.length);
      },
      findLatestWebhookDelivery: async () => call('ledger read', null),
      findWebhookDeliveryByBodyHash: async () => call('ledger read', null),
      findNewestWebhookTimestamp: async () => call('ledger read', undefined),
    },
    locks: {
      withLocks: async (_names, work) => work(call('take locks', held)),
      tryTakeWithin: async () => call('take locks in transaction', state.locksFree ? held : undefined),
    },
    schedules: {
      settle: async (request) => {
        settled.push(request);
        return call('settle schedule', undefined);
      },
    },
    media: {
      importArticleImages: async () =>
        call('import images', {
          libraryFiles: new Map([[SOURCE, LIBRARY_FILE]]),
          featured: { kind: 'none' as const },
          imported: [{ source_url: SOURCE, local_url: LIBRARY_URL, attachment_id: 7 }],
          warnings: [],
          uploadedFileIds: [7],
          ...media,
        }),
      discard: async () => call('discard', undefined),
    },
    // The service itself: without the built worker file (tests run the sources) it works inline.
    articleWork: articleWork(),
    transaction: async (work) => {
      calls.push('BEGIN');
      // The fake's statements are its calls: no connection is needed to run them.
      const result = await work(undefined as unknown as Parameters<typeof work>[0]);
      calls.push('COMMIT');
      return result;
    },
  };
  return { use, state, calls, saved, ledger, settled };
}

const clock = () => createStageTimings(undefined).start('test');

/** What a publish's transaction holds: its writes, and the release of its locks (before the commit). */
const WRITES = ['apply categories', 'save post', 'record delivery', 'settle schedule', 'release locks'];

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

  describe('a publish that imports nothing commits once (issue #30)', () => {
    // A rule, which a blocks body leaves out with a warning of the body writer.
    const WITHOUT_IMAGES = {
      ...REQUEST,
      content: `${REQUEST.content.replace(/<figure>.*<\/figure>/, '')}<hr>`,
    };
    const publishWithout = async (
      site: ReturnType<typeof fakeSite>,
      origin: Parameters<typeof planPublish>[1] = { source: 'api' }
    ) => {
      const article = normalizeArticle(
        articleFromPublishRequest(parsePublishRequest(WITHOUT_IMAGES)),
        articleOptions(config)
      );
      const publish = await planPublish(article, origin, config, clock(), site.use);
      return deliver(publish, site.use);
    };
    const transactions = (calls: string[]) => calls.filter((name) => name === 'BEGIN').length;

    it('takes its locks inside its one transaction, checks the entry it read, and gives them back there', async () => {
      const site = fakeSite(TARGETS.html());
      const written = await publishWithout(site);
      assert.equal(written.created, true);
      assert.ok(!site.calls.includes('take locks'), 'no lock taken and committed before the write');
      assert.equal(transactions(site.calls), 1);
      const inside = site.calls.slice(site.calls.indexOf('BEGIN') + 1, site.calls.indexOf('COMMIT'));
      // The locks, and a re-read of what the write was composed from, then the same writes.
      assert.deepEqual(inside, ['take locks in transaction', 'entry stamp', 'find translation', ...WRITES]);
      assert.ok(site.calls.indexOf('find post') < site.calls.indexOf('BEGIN'), 'the entry is read before');
    });

    it('runs under locks taken first when another delivery holds one of them', async () => {
      const site = fakeSite(TARGETS.html());
      site.state.locksFree = false;
      await publishWithout(site);
      assert.equal(transactions(site.calls), 2);
      const retry = site.calls.lastIndexOf('BEGIN');
      assert.ok(site.calls.indexOf('take locks') > site.calls.indexOf('take locks in transaction'));
      assert.ok(site.calls.indexOf('take locks') < retry);
      assert.equal(site.ledger.length, 1, 'one delivery recorded');
    });

    it('runs under locks taken first when the entry changed after it was read', async () => {
      const site = fakeSite(TARGETS.blocks());
      site.state.entryStampNow = '41';
      await publishWithout(site);
      assert.equal(transactions(site.calls), 2);
      assert.ok(site.calls.includes('take locks'));
      assert.equal(site.saved.length, 1, 'saved once, by the retry');
      // The retry's warnings are those of a publish that committed at once, each given once.
      const straight = fakeSite(TARGETS.blocks());
      await publishWithout(straight);
      assert.ok(straight.ledger[0].warnings.some((warning) => /horizontal rule/.test(warning)));
      assert.deepEqual(site.ledger[0].warnings, straight.ledger[0].warnings);
    });

    it('a webhook delivery and a publish with images take their locks first', async () => {
      const webhook = fakeSite(TARGETS.html());
      await publishWithout(webhook, {
        source: 'webhook',
        articleId: 1,
        websiteId: undefined,
        event: 'article.published',
        timestamp: undefined,
        bodyHash: 'abc',
      });
      assert.ok(webhook.calls.indexOf('take locks') < webhook.calls.indexOf('BEGIN'));
      const withImages = await publishThrough('html');
      assert.ok(withImages.calls.indexOf('take locks') < withImages.calls.indexOf('BEGIN'));
      assert.ok(!withImages.calls.includes('take locks in transaction'));
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
    site.use.posts.savePost = async () => {
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
