/**
 * p2: a 20-image publish (each image answered after IMAGE_LATENCY_MS) against Strapi's own upload of
 * the same 20 files in one multipart request, interleaved on one instance; one-by-one and one-image
 * publishes as context. The per-image stage breakdown with lean media settings, and p3 (republish).
 */
import type { StageRecord } from '../../core/src/stage-timings';
import {
  articleHtml,
  DEFAULT_MEDIA,
  expectOk,
  LEAN_MEDIA,
  RUNS,
  withImages,
  type BenchSite,
  type ImageSets,
} from '../setup';
import { median, timeRepeated } from '../stats';
import { articleRequest, readBackAsCreateData, stageMeans } from './body-formats';
import type { ScenarioResult } from '../report';

export const TARGET = { targetContentType: 'api::article.article', bodyFormat: 'html' };
/** Stages that are not the plugin's own work: the network, Strapi's upload service, waiting for a slot. */
const NOT_PLUGIN_WORK = new Set(['download', 'strapi upload', 'queue']);

/** A new article whose body names `sources`, published; every one of them must be imported. */
export async function publishImages(site: BenchSite, sources: string[]): Promise<void> {
  const response = await site.publish({
    title: 'Images',
    slug: site.slug('images'),
    content: withImages(articleHtml(0), sources),
    status: 'publish',
  });
  expectOk(response, 'publish with images');
  if (response.json.inline_images_result.imported.length !== sources.length)
    throw new Error(`expected ${sources.length} imports: ${response.text.slice(0, 300)}`);
}

/** Publish of 20 fresh images against Strapi's upload of the same bytes, alternating; medians in ms. */
async function againstUpload(site: BenchSite, sets: ImageSets, runs: number) {
  const publishMs: number[] = [];
  const uploadMs: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const sources = await sets.photos(20);
    const bytes = sources.map((source) => sets.bytes.get(source) as Buffer);
    const [published] = await timeRepeated(1, 0, () => publishImages(site, sources));
    const [uploaded] = await timeRepeated(1, 0, () => site.uploadFiles(bytes));
    // The first pair warms both paths up.
    if (run > 0) {
      publishMs.push(published);
      uploadMs.push(uploaded);
    }
  }
  return { publish: median(publishMs), upload: median(uploadMs) };
}

/** Mean ms per uploaded image of each stage; `other` is the untimed rest of the import. */
function perImageStages(records: StageRecord[]): Record<string, number> {
  const uploaded = records.filter((record) => 'strapi upload' in record.stages);
  const totals: Record<string, number> = { total: 0, other: 0 };
  for (const record of uploaded) {
    const timed = Object.values(record.stages).reduce((sum, ms) => sum + ms, 0);
    totals.total += record.totalMs - (record.stages.queue ?? 0);
    totals.other += record.totalMs - timed;
    for (const [stage, ms] of Object.entries(record.stages)) totals[stage] = (totals[stage] ?? 0) + ms;
  }
  return Object.fromEntries(Object.entries(totals).map(([stage, ms]) => [stage, ms / uploaded.length]));
}

/**
 * p3: the same 20-image article published again and again (every image reused, nothing fetched), each
 * republish paired with a publish of the p1 article so both see the same load; medians in ms, and the
 * mean stages of each side (the stage timings). Beside each pair, Strapi's own floor under p3: its REST
 * update of a published entry of the p1 article against its REST create of the same data (both publish).
 */
export async function measureRepublish(site: BenchSite, sets: ImageSets, runs: number) {
  await site.usePluginSettings(TARGET);
  const sources = await sets.photos(20);
  const article = {
    title: 'Republished',
    slug: site.slug('republished'),
    content: withImages(articleHtml(0), sources),
    status: 'publish',
  };
  expectOk(await site.publish(article), 'first publish');
  const template = articleRequest(site, 0);
  expectOk(await site.publish(template), 'REST template publish');
  const restData = await readBackAsCreateData(site, 'articles', template.slug);
  const updatedSlug = site.slug('rest-updated');
  const updated = await site.rest('POST', '/api/articles', { data: { ...restData, slug: updatedSlug } });
  expectOk(updated, 'REST create of the entry to update');
  const restEntry = updated.json.data.documentId as string;
  const hitsBefore = sets.server.totalHits();
  const republishMs: number[] = [];
  const freshMs: number[] = [];
  const restUpdateMs: number[] = [];
  const restCreateMs: number[] = [];
  const republishRecords: StageRecord[] = [];
  const publishRecords: StageRecord[] = [];
  for (let run = -2; run < runs; run++) {
    site.takeStageRecords('publish');
    const [again] = await timeRepeated(1, 0, async () => expectOk(await site.publish(article), 'republish'));
    const againStages = site.takeStageRecords('publish');
    const [fresh] = await timeRepeated(1, 0, async (n) =>
      expectOk(await site.publish(articleRequest(site, n)), 'publish')
    );
    const [restUpdate] = await timeRepeated(1, 0, async () =>
      expectOk(
        await site.rest('PUT', `/api/articles/${restEntry}`, {
          data: { ...restData, title: `Updated ${run}`, slug: updatedSlug },
        }),
        'REST update'
      )
    );
    const [restCreate] = await timeRepeated(1, 0, async () =>
      expectOk(
        await site.rest('POST', '/api/articles', { data: { ...restData, slug: site.slug('rest') } }),
        'REST create'
      )
    );
    if (run < 0) continue;
    republishMs.push(again);
    freshMs.push(fresh);
    restUpdateMs.push(restUpdate);
    restCreateMs.push(restCreate);
    republishRecords.push(...againStages);
    publishRecords.push(...site.takeStageRecords('publish'));
  }
  if (sets.server.totalHits() !== hitsBefore) throw new Error('a republish fetched images again');
  return {
    republish: median(republishMs),
    publish: median(freshMs),
    restUpdate: median(restUpdateMs),
    restCreate: median(restCreateMs),
    republishStages: stageMeans(republishRecords),
    publishStages: stageMeans(publishRecords),
  };
}

export async function measureImages(site: BenchSite, sets: ImageSets): Promise<ScenarioResult> {
  await site.usePluginSettings(TARGET);
  await site.useMediaSettings(DEFAULT_MEDIA);
  const floor = await againstUpload(site, sets, RUNS);
  const single = median(await timeRepeated(RUNS, 1, async () => publishImages(site, await sets.photos(1))));
  await site.usePluginSettings({ ...TARGET, images: { concurrency: 1 } });
  const oneByOne = median(await timeRepeated(3, 0, async () => publishImages(site, await sets.photos(20))));

  // Lean media settings: what is left besides Strapi's image processing is the import itself.
  await site.useMediaSettings(LEAN_MEDIA);
  site.takeStageRecords('image');
  await timeRepeated(2, 0, async () => publishImages(site, await sets.photos(20)));
  const stages = perImageStages(site.takeStageRecords('image'));
  const pluginMs = Object.entries(stages)
    .filter(([stage]) => !NOT_PLUGIN_WORK.has(stage) && stage !== 'total')
    .reduce((sum, [, ms]) => sum + ms, 0);
  await site.usePluginSettings(TARGET);
  const lean = await againstUpload(site, sets, 3);
  const parallelStages = perImageStages(site.takeStageRecords('image'));
  await site.useMediaSettings(DEFAULT_MEDIA);

  const p3 = await measureRepublish(site, sets, RUNS);

  return {
    figures: {
      p2_vs_strapi_upload: floor.publish / floor.upload,
      p2_vs_strapi_upload_lean_media: lean.publish / lean.upload,
      p2_parallel_speedup: oneByOne / floor.publish,
      plugin_share_of_image_time: pluginMs / stages.total,
      p3_republish_vs_publish: p3.republish / p3.publish,
      strapi_update_vs_rest_create: p3.restUpdate / p3.restCreate,
    },
    medians: {
      publish_20_images_ms: floor.publish,
      strapi_upload_20_images_ms: floor.upload,
      publish_20_images_one_by_one_ms: oneByOne,
      publish_1_image_ms: single,
      lean_publish_20_images_ms: lean.publish,
      lean_strapi_upload_20_images_ms: lean.upload,
      republish_20_images_ms: p3.republish,
      p3_publish_ms: p3.publish,
      p3_strapi_update_ms: p3.restUpdate,
      p3_strapi_create_ms: p3.restCreate,
      plugin_work_per_image_ms: pluginMs,
      image_time_ms: stages.total,
    },
    breakdowns: {
      image_stages_ms_lean_one_by_one: stages,
      image_stages_ms_lean_parallel: parallelStages,
      p3_republish_stages_ms: p3.republishStages,
      p3_publish_stages_ms: p3.publishStages,
    },
  };
}
