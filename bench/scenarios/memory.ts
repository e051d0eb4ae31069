/**
 * p4: peak RSS growth of a fresh Strapi process while one publish imports 20 photos of ~5 MB, against
 * a fresh process taking the same files through Strapi's own upload endpoint in one request; medians
 * of PAIRS pairs, alternating. One pair moved by 0.3 between runs of one build (0.80 to 1.10, issue #62:
 * a peak of RSS depends on when the collector runs), so one was not a figure to compare.
 */
import { articleHtml, bigPhoto, BenchSite, expectOk, photo, withImages, type ImageSets } from '../setup';
import { median, rssGrowthDuring } from '../stats';
import type { ScenarioResult } from '../report';

const COUNT = 20;
const PAIRS = Number(process.env.BENCH_MEMORY_PAIRS ?? 3);

/** A fresh instance, warmed up by one small publish with an image, so the baseline holds a loaded Strapi. */
async function freshSite(sets: ImageSets): Promise<BenchSite> {
  const site = await BenchSite.start();
  const sources = await sets.next(1, photo, 0);
  expectOk(
    await site.publish({ title: 'Warm', slug: 'warm', content: withImages(articleHtml(0), sources) }),
    'warm-up'
  );
  return site;
}

export async function measureMemory(sets: ImageSets): Promise<ScenarioResult> {
  const sources = await sets.next(COUNT, bigPhoto, 0);
  const files = sources.map((source) => sets.bytes.get(source) as Buffer);
  const averageMb = files.reduce((sum, file) => sum + file.length, 0) / files.length / 1e6;

  const publishGrowths: number[] = [];
  const uploadGrowths: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const publishing = await freshSite(sets);
    publishGrowths.push(
      await rssGrowthDuring(publishing.site.process.pid as number, async () => {
        const response = await publishing.publish({
          title: 'Big images',
          slug: 'big-images',
          content: withImages('<p>Photos</p>', sources),
        });
        expectOk(response, 'big images');
        if (response.json.inline_images_result.imported.length !== COUNT)
          throw new Error(`big images: ${response.text.slice(0, 300)}`);
      })
    );
    await publishing.stop();

    const uploading = await freshSite(sets);
    uploadGrowths.push(
      await rssGrowthDuring(uploading.site.process.pid as number, () => uploading.uploadFiles(files))
    );
    await uploading.stop();
  }
  const publishGrowth = median(publishGrowths);
  const uploadGrowth = median(uploadGrowths);

  return {
    figures: { p4_vs_strapi_upload: publishGrowth / uploadGrowth, p4_rss_growth_mb: publishGrowth },
    medians: { strapi_upload_rss_growth_mb: uploadGrowth, big_image_mb: averageMb },
    breakdowns: {},
  };
}
