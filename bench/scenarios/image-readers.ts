/**
 * p2 with a reader (issue #62): the 20-image publish against Strapi's upload of the same 20 files, as
 * in p2, while a reader asks for a page every 20 ms; the reader's worst wait during each side. Image
 * work uses every core while no reader waits and gives way when one does: this measures both sides of
 * that trade, the import's time and the reader's wait, in one run.
 */
import { DEFAULT_MEDIA, RUNS, type BenchSite, type ImageSets } from '../setup';
import { median, timeRepeated } from '../stats';
import { publishImages, TARGET } from './images';
import { readWhile } from './readers';
import type { ScenarioResult } from '../report';

const IMAGES = 20;
const IDLE_MS = 3_000;

export async function measureImageReaders(site: BenchSite, sets: ImageSets): Promise<ScenarioResult> {
  await site.usePluginSettings(TARGET);
  await site.useMediaSettings(DEFAULT_MEDIA);
  const idle = await readWhile(site, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const publishMs: number[] = [];
  const uploadMs: number[] = [];
  const publishWaits: number[] = [];
  const uploadWaits: number[] = [];
  /** Times `work` while the reader reads; its waits go to `waits`. */
  const withReader = async (work: () => Promise<void>, waits: number[]) => {
    let ms = 0;
    const timed = timeRepeated(1, 0, work).then(([taken]) => {
      ms = taken;
    });
    await Promise.all([timed, readWhile(site, timed, waits)]);
    return ms;
  };
  for (let run = 0; run <= RUNS; run++) {
    const sources = await sets.photos(IMAGES);
    const bytes = sources.map((source) => sets.bytes.get(source) as Buffer);
    // The first pair warms both paths up; its reads count neither.
    const waits = run > 0 ? { publish: publishWaits, upload: uploadWaits } : { publish: [], upload: [] };
    const published = await withReader(() => publishImages(site, sources), waits.publish);
    const uploaded = await withReader(() => site.uploadFiles(bytes), waits.upload);
    if (run > 0) {
      publishMs.push(published);
      uploadMs.push(uploaded);
    }
  }
  return {
    figures: {
      p2_with_reader_vs_strapi_upload: median(publishMs) / median(uploadMs),
      images_reader_worst_ms: Math.max(...publishWaits),
    },
    medians: {
      publish_20_images_with_reader_ms: median(publishMs),
      strapi_upload_20_images_with_reader_ms: median(uploadMs),
      images_reader_median_ms: median(publishWaits),
      images_reader_reads: publishWaits.length,
      strapi_upload_reader_worst_ms: Math.max(...uploadWaits),
      strapi_upload_reader_median_ms: median(uploadWaits),
      images_reader_idle_median_ms: median(idle),
    },
    breakdowns: {},
  };
}
