/**
 * Readers while a publish runs (issue #30): a reader asks for a page of Strapi's public REST API every
 * 20 ms, first with nothing else going on (its idle median), then while the service publishes (a) the
 * realistic article, (b) a 100 KB guide and (c) the largest article the request schema takes, into each
 * body format. Its worst and 99th-percentile wait during each publish and after it until the site is
 * quiet again (what the publish set off after answering is counted with it), against the idle median.
 */
import { sizedArticle } from '../../core/test/helpers/sized-article';
import { REQUEST_BOUNDS } from '../../core/src/request-bounds';
import type { ImageServer } from '../../test/helpers/image-server';
import type { HttpResponse } from '../../test/helpers/http';
import { realisticArticle, serveFixtureImages } from '../../test/helpers/real-sites';
import { expectOk, META_DESCRIPTION, type BenchSite } from '../setup';
import { median } from '../stats';
import type { ScenarioResult } from '../report';

const READER_INTERVAL_MS = 20;
/**
 * The page the reader asks for: ten articles' titles and slugs. A page of whole articles would hold the
 * 5 MB bodies this scenario publishes into the Article type, so each read would cost more as the run
 * goes on and the waits would measure the reader's own page instead of the publish beside it.
 */
export const READER_PAGE = '/api/articles?pagination[pageSize]=10&fields[0]=title&fields[1]=slug';
const IDLE_MS = 3000;

/** Each body format's target: the playground's content types. */
const FORMATS = {
  html: { targetContentType: 'api::article.article', bodyFormat: 'html' },
  markdown: { targetContentType: 'api::article.article', bodyFormat: 'markdown' },
  blocks: { targetContentType: 'api::guide.guide', bodyFormat: 'auto' },
  zone: { targetContentType: 'api::blog-article.blog-article', bodyFormat: 'auto' },
} as const;
/** Each format's type on Strapi's REST API. */
const PLURALS: Record<Format, string> = {
  html: 'articles',
  markdown: 'articles',
  blocks: 'guides',
  zone: 'blog-articles',
};
type Format = keyof typeof FORMATS;

/** Plain headings, paragraphs, lists and tables (the sized article without its figures). */
const plainArticle = (bytes: number) =>
  sizedArticle(bytes)
    .replace(/<figure>.*?<\/figure>\n?/g, '')
    .slice(0, REQUEST_BOUNDS.contentLength);

/** The largest body the schema takes, cut at a section's end. */
function largestArticle(): string {
  const html = plainArticle(REQUEST_BOUNDS.contentLength + 10_000);
  return html.slice(0, html.lastIndexOf('\n<h2>', REQUEST_BOUNDS.contentLength - 1));
}

const ARTICLES = {
  realistic: (site: BenchSite, images: ImageServer) =>
    realisticArticle(images, { slug: site.slug('reader') }),
  '100kb': (site: BenchSite) => sizedRequest(site, plainArticle(100_000)),
  largest: (site: BenchSite) => sizedRequest(site, largestArticle()),
} as const;
type ArticleSize = keyof typeof ARTICLES;

const sizedRequest = (site: BenchSite, content: string) => ({
  title: 'Choosing a garden hose',
  slug: site.slug('reader'),
  content,
  focus_keyword: 'garden hose',
  meta_description: META_DESCRIPTION,
  status: 'publish',
});

/**
 * A request sent again once if the connection was reset before an answer: after Strapi's own edit of
 * the largest Blocks entry holds the event loop for seconds, the server closes the kept-alive sockets
 * whose idle time ran out meanwhile, one of them as a request goes out on it (the bench stopped on
 * such an ECONNRESET once, 2026-12-06). Only for requests that may be sent twice: a read, the edit of
 * a title to one value.
 */
export async function againIfReset(send: () => Promise<HttpResponse>): Promise<HttpResponse> {
  try {
    return await send();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
    return send();
  }
}

/**
 * Reads the page every 20 ms (the next read starts 20 ms after the previous one started, or when it
 * returns if it took longer) until `until` settles; answers every read's wait in ms.
 */
export async function readWhile(
  site: BenchSite,
  until: Promise<unknown>,
  waits: number[] = []
): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const page = await againIfReset(() => site.rest('GET', READER_PAGE));
    waits.push(performance.now() - started);
    if (page.status !== 200) throw new Error(`reader: ${page.status} ${page.text.slice(0, 200)}`);
    const rest = READER_INTERVAL_MS - (performance.now() - started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  return waits;
}

/** Reads in a row at about the idle wait that say the site is quiet again after a publish. */
const QUIET_READS = 10;
/** The longest the reader goes on after a publish answered, waiting for the site to be quiet. */
const QUIET_WITHIN_MS = 15_000;

/**
 * Goes on reading after the publish answered until QUIET_READS reads in a row wait no more than
 * `quietMs`: what the publish set off after its answer (Strapi's entry events, sent after the commit,
 * read the whole entry back) is this publish's, not the next scenario's. Answers the waits.
 */
async function readUntilQuiet(site: BenchSite, quietMs: number): Promise<number[]> {
  const waits: number[] = [];
  let quiet = 0;
  const deadline = performance.now() + QUIET_WITHIN_MS;
  await readWhile(
    site,
    new Promise<void>((resolve) => {
      const check = setInterval(() => {
        quiet = 0;
        for (let i = waits.length - 1; i >= 0 && waits[i] <= quietMs; i--) quiet++;
        if (quiet >= QUIET_READS || performance.now() > deadline) {
          clearInterval(check);
          resolve();
        }
      }, READER_INTERVAL_MS);
    }),
    waits
  );
  return waits;
}

/**
 * Strapi's own floor under a large entry: the reader's waits while Strapi's REST API changes only the
 * title of the entry a publish stored (updating its draft and publishing it, which reads and writes
 * the whole entry and sends its entry events), and until the site is quiet again. No save of that
 * entry through Strapi can keep readers waiting less.
 */
async function strapiEditWaits(site: BenchSite, plural: string, slug: string, quietMs: number) {
  const found = await site.rest('GET', `/api/${plural}?filters[slug][$eq]=${slug}&fields[0]=title`);
  expectOk(found, `${plural} ${slug} read`);
  const documentId = found.json.data[0]?.documentId as string | undefined;
  if (!documentId) throw new Error(`${plural} ${slug}: not found (${found.text.slice(0, 200)})`);
  const edit = againIfReset(() =>
    site.rest('PUT', `/api/${plural}/${documentId}?fields[0]=title`, {
      data: { title: 'Choosing a garden hose, edited' },
    })
  );
  const waits = await readWhile(site, edit);
  expectOk(await edit, `${plural} ${slug} edit`);
  return [...waits, ...(await readUntilQuiet(site, quietMs))];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export async function measureReaders(site: BenchSite, images: ImageServer): Promise<ScenarioResult> {
  await serveFixtureImages(images);
  const figures: Record<string, number> = {};
  const medians: Record<string, number> = {};
  const idle = await readWhile(site, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const idleMedian = median(idle);
  medians.reader_idle_median_ms = idleMedian;
  // A read this fast is one of a quiet site's (the idle median, with room for the machine's noise).
  const quietMs = Math.max(2 * idleMedian, idleMedian + 10);
  // BENCH_READER_FORMATS=blocks,zone measures only these body formats.
  const formats = (process.env.BENCH_READER_FORMATS?.split(',') ?? Object.keys(FORMATS)) as Format[];
  for (const format of formats.filter((name) => name in FORMATS)) {
    await site.usePluginSettings(FORMATS[format]);
    for (const size of Object.keys(ARTICLES) as ArticleSize[]) {
      const body = ARTICLES[size](site, images);
      site.takeStageRecords('publish');
      const publishStarted = performance.now();
      const publish = site.publish(body);
      const waits = await readWhile(site, publish);
      const published = await publish;
      expectOk(published, `reader ${format} ${size} publish`);
      const key = `reader_${format}_${size}`;
      medians[`${key}_publish_ms`] = performance.now() - publishStarted;
      const during = waits.length;
      // BENCH_READER_TRACE=1 prints every read's wait, during the publish and after its answer.
      if (process.env.BENCH_READER_TRACE) console.log('    during:', waits.map(Math.round).join(' '));
      waits.push(...(await readUntilQuiet(site, quietMs)));
      if (process.env.BENCH_READER_TRACE)
        console.log('    after:', waits.slice(during).map(Math.round).join(' '));
      medians[`${key}_worst_ms`] = Math.max(...waits);
      medians[`${key}_p99_ms`] = percentile(waits, 99);
      figures[`${key}_worst_ms`] = Math.max(...waits);
      // The publish's own stages: how long its transaction held the database, and its body conversion.
      const [stages] = site.takeStageRecords('publish');
      if (stages) {
        medians[`${key}_transaction_ms`] = stages.stages.transaction ?? 0;
        medians[`${key}_body_ms`] = stages.stages.body ?? 0;
      }
      if (size === 'largest') {
        const edit = await strapiEditWaits(site, PLURALS[format], String(body.slug), quietMs);
        medians[`${key}_strapi_edit_worst_ms`] = Math.max(...edit);
        console.log(
          `  ${format} ${size}: Strapi's own edit of the stored entry's title, reader worst ${Math.round(Math.max(...edit))} ms`
        );
      }
      console.log(
        `  ${format} ${size}: publish ${Math.round(medians[`${key}_publish_ms`])} ms, reader worst ` +
          `${Math.round(medians[`${key}_worst_ms`])} ms, p99 ${Math.round(medians[`${key}_p99_ms`])} ms ` +
          `(idle median ${idleMedian.toFixed(1)} ms, ${during} reads during, ${waits.length - during} after); transaction ` +
          `${Math.round(medians[`${key}_transaction_ms`] ?? NaN)} ms, body ${Math.round(medians[`${key}_body_ms`] ?? NaN)} ms`
      );
    }
  }
  return { figures, medians, breakdowns: {} };
}
