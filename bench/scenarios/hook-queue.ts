/**
 * The webhook queue (issue #42): how long a queued delivery waits for its answer (the service gives up
 * after 5 s) while articles with 20 images each are being imported by the queue's worker, and how long
 * a reader of the site's REST API waits meanwhile. The answer is sent once the delivery is stored; the
 * acknowledgments are measured only while the heavy imports are in progress.
 */
import { hookSample, postHook, serviceHeaders } from '../../test/helpers/hooks';
import { articleHtml, expectOk, HOOK_ENDPOINT, withImages, type BenchSite, type ImageSets } from '../setup';
import type { ScenarioResult } from '../report';
import { median } from '../stats';

const HEAVY_ARTICLES = 4;
const IMAGES_PER_ARTICLE = 20;
/** A new delivery every ACK_INTERVAL_MS while the heavy ones import (ten a second: a busy service). */
const ACK_INTERVAL_MS = 100;
const READER_INTERVAL_MS = 20;
const IDLE_ACKS = 20;
const IDLE_READS_MS = 3_000;
const READER_PAGE = '/api/articles?pagination[pageSize]=10&fields[0]=title&fields[1]=slug';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureHookQueue(site: BenchSite, sets: ImageSets): Promise<ScenarioResult> {
  await site.usePluginSettings({ targetContentType: 'api::article.article', bodyFormat: 'html' });
  const sample = JSON.parse(hookSample('babylovegrowth'));
  let counter = 0;
  /** Sends one BabyLoveGrowth delivery; answers the acknowledgment's time and the article's slug. */
  const deliver = async (html: string): Promise<{ ms: number; slug: string }> => {
    counter += 1;
    const slug = site.slug('queued');
    const body = JSON.stringify({
      ...sample,
      id: 100_000 + counter,
      slug,
      title: `Queued ${slug}`,
      content_html: html,
      heroImageUrl: null,
    });
    const started = performance.now();
    const answer = await postHook(
      site.url,
      `/api/service/v1/hooks/${HOOK_ENDPOINT.id}`,
      body,
      serviceHeaders('babylovegrowth', body, HOOK_ENDPOINT.secret)
    );
    const ms = performance.now() - started;
    expectOk(answer, 'queued delivery');
    if (answer.json.queued !== true) throw new Error(`not queued: ${answer.text.slice(0, 200)}`);
    return { ms, slug };
  };
  /** How many queue entries are in this state (the Activity page's API). */
  const countOf = async (status: 'queued' | 'processing' | 'failed') => {
    const listed = await site.admin(
      'GET',
      `/article-publisher/activity/hook-queue?status=${status}&pageSize=1`
    );
    expectOk(listed, 'queue list');
    return listed.json.pagination.total as number;
  };
  const drained = async () => (await countOf('queued')) + (await countOf('processing')) === 0;
  /** Whether every one of these articles is a post (its delivery was imported). */
  const landed = async (slugs: string[]) => {
    const filters = slugs.map((slug, n) => `filters[slug][$in][${n}]=${slug}`).join('&');
    const found = await site.rest('GET', `/api/articles?${filters}&status=draft&fields[0]=slug`);
    expectOk(found, 'heavy articles');
    return (found.json.data as unknown[]).length === slugs.length;
  };
  const waitUntil = async (done: () => Promise<boolean>, what: string) => {
    const deadline = performance.now() + 600_000;
    while (!(await done())) {
      if (performance.now() > deadline) throw new Error(`the queue: ${what} did not happen`);
      await sleep(250);
    }
  };

  /** Reads the page every READER_INTERVAL_MS while `going()`; the waits fill in as they come. */
  const readWhile = async (going: () => boolean) => {
    const waits: number[] = [];
    const done = (async () => {
      while (going()) {
        const started = performance.now();
        const page = await site.rest('GET', READER_PAGE);
        waits.push(performance.now() - started);
        expectOk(page, 'reader');
        await sleep(Math.max(0, READER_INTERVAL_MS - (performance.now() - started)));
      }
    })();
    return { waits, done };
  };

  // Idle: a reader, then acknowledgments, with nothing else going on (each delivery landing before the next).
  const idleUntil = performance.now() + IDLE_READS_MS;
  const idle = await readWhile(() => performance.now() < idleUntil);
  await idle.done;
  const idleAcks: number[] = [];
  for (let i = 0; i < IDLE_ACKS; i++) {
    idleAcks.push((await deliver(articleHtml(counter))).ms);
    await waitUntil(drained, 'an idle delivery landing');
  }

  // Heavy: articles with 20 images each, stored and then imported by the worker (two at a time).
  site.takeStageRecords('publish');
  const heavyStarted = performance.now();
  const heavy: string[] = [];
  for (let i = 0; i < HEAVY_ARTICLES; i++) {
    const images = await sets.photos(IMAGES_PER_ARTICLE);
    heavy.push((await deliver(withImages(articleHtml(counter, 6), images))).slug);
  }
  await waitUntil(async () => (await countOf('processing')) > 0, 'the heavy imports starting');

  let importing = true;
  const acks: number[] = [];
  const ackLoop = (async () => {
    while (importing) {
      const started = performance.now();
      acks.push((await deliver(articleHtml(counter))).ms);
      await sleep(Math.max(0, ACK_INTERVAL_MS - (performance.now() - started)));
    }
  })();
  const reads = await readWhile(() => importing);
  await waitUntil(() => landed(heavy), 'the heavy imports landing');
  importing = false;
  await ackLoop;
  await reads.done;
  const heavyMs = performance.now() - heavyStarted;
  // On SQLite a publish's transaction holds the one connection: a reader waits at least that long.
  const transactions = site.takeStageRecords('publish').map((record) => record.stages.transaction ?? 0);
  // The light deliveries queued meanwhile are imported after (not measured): every one must land.
  await waitUntil(drained, 'the queue draining');
  const failed = await countOf('failed');
  if (failed) throw new Error(`${failed} queued deliveries failed`);
  const figures = {
    hook_queue_ack_p99_ms: percentile(acks, 99),
    hook_queue_reader_worst_ms: Math.max(...reads.waits),
  };
  const medians = {
    hook_queue_ack_median_ms: median(acks),
    hook_queue_ack_worst_ms: Math.max(...acks),
    hook_queue_ack_count: acks.length,
    hook_queue_idle_ack_median_ms: median(idleAcks),
    hook_queue_reader_p99_ms: percentile(reads.waits, 99),
    hook_queue_reader_median_ms: median(reads.waits),
    hook_queue_reader_idle_median_ms: median(idle.waits),
    hook_queue_reads: reads.waits.length,
    hook_queue_heavy_import_ms: heavyMs,
    hook_queue_light_deliveries: acks.length + IDLE_ACKS,
    hook_queue_longest_transaction_ms: transactions.length ? Math.max(...transactions) : 0,
  };
  console.log(
    `  ${acks.length} acknowledgments while ${HEAVY_ARTICLES} articles with ${IMAGES_PER_ARTICLE} images imported ` +
      `(${Math.round(heavyMs)} ms): p99 ${figures.hook_queue_ack_p99_ms.toFixed(1)} ms, median ` +
      `${medians.hook_queue_ack_median_ms.toFixed(1)} ms, worst ${medians.hook_queue_ack_worst_ms.toFixed(1)} ms ` +
      `(idle median ${medians.hook_queue_idle_ack_median_ms.toFixed(1)} ms); reader worst ` +
      `${figures.hook_queue_reader_worst_ms.toFixed(1)} ms, p99 ${medians.hook_queue_reader_p99_ms.toFixed(1)} ms ` +
      `over ${reads.waits.length} reads (idle median ${medians.hook_queue_reader_idle_median_ms.toFixed(1)} ms); ` +
      `longest publish transaction meanwhile ${medians.hook_queue_longest_transaction_ms.toFixed(1)} ms`
  );
  return { figures, medians, breakdowns: {} };
}
