/**
 * A republish on a site that has imported many images and taken many deliveries (issue #62): the
 * republish looks its 20 images up among the media-source rows, and the ledger takes a row per
 * delivery, so both tables only grow. The same 20-image article is republished on the tables as a
 * new site has them, then again once SCALE_ROWS rows of each are in; the figure is the ratio of the
 * two medians. Without indexes on those tables (before 2026-12-07) every lookup scanned the table, on
 * the event loop on SQLite. Run on a fresh instance: the rows would weigh on every later scenario.
 */
import { randomBytes } from 'node:crypto';
import { articleHtml, BenchSite, expectOk, RUNS, withImages, type ImageSets } from '../setup';
import { median, timeRepeated } from '../stats';
import type { ScenarioResult } from '../report';
import deliverySchema from '../../server/src/content-types/delivery/schema.json';
import mediaSourceSchema from '../../server/src/content-types/media-source/schema.json';
import { TARGET } from './images';
import { againIfReset } from './readers';

const SCALE_ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 100_000);
const BATCH = 500;
const MEDIA_SOURCES = mediaSourceSchema.collectionName;
const DELIVERIES = deliverySchema.collectionName;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Rows as earlier imports and deliveries of other posts leave them (nothing this article shares). */
function filler(from: number, count: number, at: unknown) {
  const stamps = { created_at: at, updated_at: at, published_at: at };
  const media = Array.from({ length: count }, (_, k) => ({
    ...stamps,
    document_id: hex(12),
    source_key: `https://images.example.com/${from + k}.jpg`,
    source_key_hash: hex(32),
    content_hash: hex(32),
    owner: hex(32),
    import_token: hex(18),
    upload_name: `old-${from + k}.jpg`,
  }));
  const ledger = Array.from({ length: count }, (_, k) => ({
    ...stamps,
    document_id: hex(12),
    source: 'api',
    slug: `old-post-${from + k}`,
    title: `Old post ${from + k}`,
    target_uid: TARGET.targetContentType,
    target_document_id: hex(12),
    post_id: 1_000_000 + from + k,
    requested_status: 'publish',
    content_hash: hex(32),
    created: true,
    images_imported: 0,
    images_reused: 0,
  }));
  return { media, ledger };
}

export async function measureScale(sets: ImageSets): Promise<ScenarioResult> {
  const bench = await BenchSite.start();
  const connection = bench.site.database.connect();
  try {
    await bench.usePluginSettings(TARGET);
    const article = {
      title: 'Republished at scale',
      slug: 'republished-at-scale',
      content: withImages(articleHtml(0), await sets.photos(20)),
      status: 'publish',
    };
    expectOk(await bench.publish(article), 'first publish');
    const republish = async () => expectOk(await bench.publish(article), 'republish');
    const small = median(await timeRepeated(RUNS * 2, 2, republish));

    const at = connection.fn.now();
    for (let from = 0; from < SCALE_ROWS; from += BATCH) {
      const { media, ledger } = filler(from, Math.min(BATCH, SCALE_ROWS - from), at);
      await connection(MEDIA_SOURCES).insert(media);
      await connection(DELIVERIES).insert(ledger);
    }
    // The bench's kept-alive socket may have been closed by the server while the rows went in.
    expectOk(
      await againIfReset(() => bench.rest('GET', '/api/articles?pagination[pageSize]=1')),
      'a read after the rows went in'
    );
    const large = median(await timeRepeated(RUNS * 2, 2, republish));

    return {
      figures: { republish_at_scale_vs_new_site: large / small },
      medians: { republish_new_site_ms: small, republish_at_scale_ms: large, scale_rows: SCALE_ROWS },
      breakdowns: {},
    };
  } finally {
    await connection.destroy();
    await bench.stop();
  }
}
