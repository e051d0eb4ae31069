/**
 * `npm run bench`: the publish path against Strapi's own floor and against one-by-one image import.
 * Every ratio compares two medians measured side by side in this run, on this machine; absolute
 * times vary with the machine, ratios much less. Writes bench/results.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { registerSuperAdmin } from '../test/helpers/admin';
import { request } from '../test/helpers/http';
import { ImageServer, makeImage } from '../test/helpers/image-server';
import { startPlayground, type Playground } from '../test/helpers/playground';
import { publishPost } from '../test/helpers/service';
import { median, residentMb, round, timeRepeated } from './stats';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with scripts/start.js (plain JS)
const { ensurePluginBuilt } = require('../scripts/lib/builds') as { ensurePluginBuilt: () => boolean };

const KEY = 'apk_benchmark-key-0123456789abcdef';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WARMUP = 2;
const IMAGE_LATENCY_MS = Number(process.env.BENCH_IMAGE_LATENCY_MS ?? 100);
const THROUGHPUT_REQUESTS = 64;
const THROUGHPUT_CONCURRENCY = 8;

/** Strapi's media library settings with the responsive formats and re-encoding off (thumbnail only). */
const LEAN_MEDIA = {
  PLAYGROUND_UPLOAD_SETTINGS: JSON.stringify({ responsiveDimensions: false, sizeOptimization: false }),
};

const env = {
  ARTICLE_PUBLISHER_API_KEY: KEY,
  ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
  ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
  // Strapi's request log would dominate what is measured.
  STRAPI_LOG_LEVEL: 'warn',
};

/** A 5 KB article body with the elements the service sends. */
function articleHtml(n: number): string {
  const section = (i: number) =>
    `<h2>Section ${i} of article ${n}</h2><p>Choosing well takes <strong>time</strong> and a few <em>rules</em>. ` +
    'Measure first, then compare materials, fittings and the way you store it over winter.</p>' +
    '<ul><li>Length</li><li>Material</li><li>Fittings</li></ul>';
  return Array.from({ length: 18 }, (_, i) => section(i)).join('\n');
}

const seo = (n: number) => ({
  metaTitle: `Benchmark article ${n}`,
  metaDescription: 'A benchmark article long enough to satisfy the SEO component minimum length rule.',
  keywords: 'benchmark, article',
});

async function createApiToken(site: Playground): Promise<string> {
  const owner = await registerSuperAdmin(site.url);
  const token = await request(`${site.url}/admin/api-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner}` },
    body: { name: 'benchmark', type: 'full-access', lifespan: null, description: '' },
  });
  if (token.status !== 201) throw new Error(`API token: ${token.status} ${token.text}`);
  return token.json.data.accessKey as string;
}

function expectOk(response: { status: number; text: string }, what: string) {
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
}

async function inParallel(
  total: number,
  concurrency: number,
  run: (n: number) => Promise<void>
): Promise<number> {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await run(next++);
    })
  );
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Distinct images for every publish, so no import is served by the reuse cache unless meant to be. */
class ImageSets {
  private counter = 0;
  constructor(private readonly server: ImageServer) {}
  async next(
    count: number,
    make: (seed: number) => Promise<Buffer>,
    type: string,
    latency: number
  ): Promise<string[]> {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const seed = ++this.counter;
        return this.server.file(`/bench/${seed}.img`, await make(seed), type, latency);
      })
    );
  }
}

const withImages = (html: string, sources: string[]) =>
  html +
  sources
    .map(
      (src, i) => `<figure><img src="${src}" alt="Image ${i}"><figcaption>Figure ${i}</figcaption></figure>`
    )
    .join('');

async function main() {
  ensurePluginBuilt();
  const images = await new ImageServer().start();
  const sets = new ImageSets(images);
  const photo = (seed: number) => makeImage('jpeg', 1200, 800, seed);
  const bigPhoto = (seed: number) =>
    sharp({
      create: {
        width: 2200,
        height: 1650,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128 + (seed % 50), sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();

  console.log('Booting the playground (production mode, SQLite): parallel import and one-by-one import...');
  const site = await startPlayground({ env });
  const serial = await startPlayground({ env, pluginConfig: { images: { concurrency: 1 } } });
  const token = await createApiToken(site);
  const auth = { authorization: `Bearer ${token}` };
  const category = await request(`${site.url}/api/categories`, {
    method: 'POST',
    headers: auth,
    body: { data: { name: 'Bench', slug: 'bench' } },
  });
  expectOk(category, 'category');
  const categoryId = category.json.data.documentId as string;
  let slugCounter = 0;
  const slug = (prefix: string) => `${prefix}-${++slugCounter}`;

  // p1: one publish (no images, 5 KB HTML, category, SEO) against Strapi's own REST create of the same article.
  const restCreate = async (n: number) => {
    const response = await request(`${site.url}/api/articles`, {
      method: 'POST',
      headers: auth,
      body: {
        data: {
          title: `Rest ${n}`,
          slug: slug('rest'),
          content: articleHtml(n),
          categories: [categoryId],
          seo: seo(n),
        },
      },
    });
    expectOk(response, 'REST create');
  };
  const publish = async (n: number, target = site) => {
    const response = await publishPost(target.url, KEY, {
      title: `Publish ${n}`,
      slug: slug('publish'),
      content: articleHtml(n),
      category: 'Bench',
      focus_keyword: 'benchmark',
      meta_description: 'A benchmark article long enough to satisfy the SEO component minimum length rule.',
    });
    expectOk(response, 'publish');
  };
  console.log('p1: publish vs REST create...');
  const restMs: number[] = [];
  const publishMs: number[] = [];
  // Interleaved so that drift on a shared machine hits both sides alike.
  for (let round = 0; round < 3; round++) {
    restMs.push(...(await timeRepeated(RUNS, round === 0 ? WARMUP : 0, restCreate)));
    publishMs.push(...(await timeRepeated(RUNS, round === 0 ? WARMUP : 0, (n) => publish(n))));
  }

  // p2: 20 inline images at 100 ms latency each: parallel import against one at a time, and against one image.
  console.log(`p2: 20 images at ${IMAGE_LATENCY_MS} ms latency, parallel vs one by one vs a single image...`);
  const publishImages = (target: Playground, count: number) => async () => {
    const sources = await sets.next(count, photo, 'image/jpeg', IMAGE_LATENCY_MS);
    const response = await publishPost(target.url, KEY, {
      title: 'Images',
      slug: slug('images'),
      content: withImages(articleHtml(0), sources),
    });
    expectOk(response, 'publish with images');
    if (response.json.inline_images_result.imported.length !== count)
      throw new Error(`expected ${count} imports: ${response.text.slice(0, 300)}`);
  };
  const twentyParallelMs = await timeRepeated(RUNS, 1, publishImages(site, 20));
  const twentySerialMs = await timeRepeated(Math.max(3, Math.ceil(RUNS / 2)), 1, publishImages(serial, 20));
  const singleImageMs = await timeRepeated(RUNS, 1, publishImages(site, 1));
  await serial.stop();

  // The same three with Strapi's responsive formats and re-encoding off: what is left is the import itself.
  console.log('p2 again with lean media library settings (thumbnail only)...');
  const leanSite = await startPlayground({ env: { ...env, ...LEAN_MEDIA } });
  const leanSerial = await startPlayground({
    env: { ...env, ...LEAN_MEDIA },
    pluginConfig: { images: { concurrency: 1 } },
  });
  const leanParallelMs = await timeRepeated(RUNS, 1, publishImages(leanSite, 20));
  const leanSerialMs = await timeRepeated(Math.max(3, Math.ceil(RUNS / 2)), 1, publishImages(leanSerial, 20));
  const leanSingleMs = await timeRepeated(RUNS, 1, publishImages(leanSite, 1));
  await leanSite.stop();
  await leanSerial.stop();

  // p3: republishing the same 20-image article (every image reused, nothing fetched).
  console.log('p3: republish of a 20-image article...');
  const sources = await sets.next(20, photo, 'image/jpeg', IMAGE_LATENCY_MS);
  const republishBody = {
    title: 'Republished',
    slug: 'republished',
    content: withImages(articleHtml(0), sources),
  };
  expectOk(await publishPost(site.url, KEY, republishBody), 'first publish');
  const hitsBefore = images.totalHits();
  const republishMs = await timeRepeated(RUNS, WARMUP, async () =>
    expectOk(await publishPost(site.url, KEY, republishBody), 'republish')
  );
  if (images.totalHits() !== hitsBefore) throw new Error('a republish fetched images again');

  // p5: throughput at concurrency 8, publish vs REST create.
  console.log(`p5: throughput at concurrency ${THROUGHPUT_CONCURRENCY}...`);
  await inParallel(16, THROUGHPUT_CONCURRENCY, restCreate);
  const restSeconds = await inParallel(THROUGHPUT_REQUESTS, THROUGHPUT_CONCURRENCY, restCreate);
  await inParallel(16, THROUGHPUT_CONCURRENCY, (n) => publish(n));
  const publishSeconds = await inParallel(THROUGHPUT_REQUESTS, THROUGHPUT_CONCURRENCY, (n) => publish(n));
  await site.stop();

  // p4: peak RSS growth of a fresh Strapi process while importing 20 x 5 MB images.
  console.log('p4: memory while importing 20 x 5 MB images...');
  const fresh = await startPlayground({ env });
  await publish(0, fresh);
  await publishImages(fresh, 1)();
  const bigSources = await sets.next(20, bigPhoto, 'image/jpeg', 0);
  const bigSize = (await bigPhoto(1)).length;
  const pid = fresh.process.pid as number;
  const baseline = await residentMb(pid);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await residentMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const bigResponse = await publishPost(fresh.url, KEY, {
    title: 'Big images',
    slug: 'big-images',
    content: withImages('<p>x</p>', bigSources),
  });
  sampling = false;
  await sampler;
  expectOk(bigResponse, 'big images');
  await fresh.stop();

  // The floor: the same 20 images sent to Strapi's own upload endpoint, on a fresh instance.
  console.log("p4 floor: the same images through Strapi's own upload endpoint...");
  const uploadSite = await startPlayground({ env });
  const uploadToken = await createApiToken(uploadSite);
  await publish(0, uploadSite);
  const bigImages = await Promise.all(
    bigSources.map(async (source) => Buffer.from(await (await fetch(source)).arrayBuffer()))
  );
  const uploadPid = uploadSite.process.pid as number;
  const uploadBaseline = await residentMb(uploadPid);
  let uploadPeak = uploadBaseline;
  sampling = true;
  const uploadSampler = (async () => {
    while (sampling) {
      uploadPeak = Math.max(uploadPeak, await residentMb(uploadPid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const form = new FormData();
  bigImages.forEach((bytes, n) =>
    form.append('files', new Blob([bytes], { type: 'image/jpeg' }), `big-${n}.jpg`)
  );
  const uploaded = await fetch(`${uploadSite.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${uploadToken}` },
    body: form,
  });
  sampling = false;
  await uploadSampler;
  if (uploaded.status !== 201)
    throw new Error(`Strapi upload: ${uploaded.status} ${(await uploaded.text()).slice(0, 300)}`);
  await uploadSite.stop();
  await images.stop();

  const medians = {
    rest_create_ms: median(restMs),
    publish_ms: median(publishMs),
    publish_20_images_parallel_ms: median(twentyParallelMs),
    publish_20_images_one_by_one_ms: median(twentySerialMs),
    publish_1_image_ms: median(singleImageMs),
    republish_20_images_ms: median(republishMs),
    rest_creates_per_s: THROUGHPUT_REQUESTS / restSeconds,
    publishes_per_s: THROUGHPUT_REQUESTS / publishSeconds,
    rss_baseline_mb: baseline,
    rss_peak_mb: peak,
    strapi_upload_rss_growth_mb: uploadPeak - uploadBaseline,
    lean_publish_20_images_parallel_ms: median(leanParallelMs),
    lean_publish_20_images_one_by_one_ms: median(leanSerialMs),
    lean_publish_1_image_ms: median(leanSingleMs),
    big_image_bytes: bigSize,
  };
  const results = {
    p1_publish_vs_rest_create: medians.publish_ms / medians.rest_create_ms,
    p2_parallel_speedup: medians.publish_20_images_one_by_one_ms / medians.publish_20_images_parallel_ms,
    p2_vs_single_image: medians.publish_20_images_parallel_ms / medians.publish_1_image_ms,
    p3_republish_vs_publish: medians.republish_20_images_ms / medians.publish_ms,
    p4_rss_growth_mb: peak - baseline,
    p5_throughput_ratio: medians.publishes_per_s / medians.rest_creates_per_s,
  };
  const lean = {
    p2_parallel_speedup_lean_media:
      medians.lean_publish_20_images_one_by_one_ms / medians.lean_publish_20_images_parallel_ms,
    p2_vs_single_image_lean_media:
      medians.lean_publish_20_images_parallel_ms / medians.lean_publish_1_image_ms,
    p4_vs_strapi_upload: (peak - baseline) / (uploadPeak - uploadBaseline),
  };
  const targets: Record<keyof typeof results, string> = {
    p1_publish_vs_rest_create: '<= 1.2',
    p2_parallel_speedup: '>= 5',
    p2_vs_single_image: '<= 2',
    p3_republish_vs_publish: '<= 1.3',
    p4_rss_growth_mb: '<= 64',
    p5_throughput_ratio: '>= 0.7',
  };
  const output = {
    ...Object.fromEntries(Object.entries(results).map(([k, v]) => [k, round(v, 3)])),
    ...Object.fromEntries(Object.entries(lean).map(([k, v]) => [k, round(v, 3)])),
    medians: Object.fromEntries(Object.entries(medians).map(([k, v]) => [k, round(v, 2)])),
    runs: RUNS,
    image_latency_ms: IMAGE_LATENCY_MS,
    machine: `${process.platform} ${process.arch}, ${(await import('node:os')).cpus().length} cores, Node ${process.version}`,
    date: new Date().toISOString(),
  };
  fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(output, null, 2)}\n`);

  console.log('\n| metric | value | target | raw medians |');
  console.log('|---|---|---|---|');
  const raw: Record<keyof typeof results, string> = {
    p1_publish_vs_rest_create: `publish ${round(medians.publish_ms, 1)} ms / REST create ${round(medians.rest_create_ms, 1)} ms`,
    p2_parallel_speedup: `one by one ${round(medians.publish_20_images_one_by_one_ms, 0)} ms / parallel ${round(medians.publish_20_images_parallel_ms, 0)} ms`,
    p2_vs_single_image: `20 images ${round(medians.publish_20_images_parallel_ms, 0)} ms / 1 image ${round(medians.publish_1_image_ms, 0)} ms`,
    p3_republish_vs_publish: `republish ${round(medians.republish_20_images_ms, 1)} ms / publish ${round(medians.publish_ms, 1)} ms`,
    p4_rss_growth_mb: `peak ${round(peak, 0)} MB - baseline ${round(baseline, 0)} MB (20 x ${round(bigSize / 1e6, 1)} MB)`,
    p5_throughput_ratio: `${round(medians.publishes_per_s, 1)} publishes/s / ${round(medians.rest_creates_per_s, 1)} creates/s`,
  };
  for (const key of Object.keys(results) as (keyof typeof results)[]) {
    console.log(`| ${key} | ${round(results[key], 2)} | ${targets[key]} | ${raw[key]} |`);
  }
  console.log(
    `| p2_parallel_speedup, lean media settings | ${round(lean.p2_parallel_speedup_lean_media, 2)} | >= 5 | one by one ${round(medians.lean_publish_20_images_one_by_one_ms, 0)} ms / parallel ${round(medians.lean_publish_20_images_parallel_ms, 0)} ms |`
  );
  console.log(
    `| p2_vs_single_image, lean media settings | ${round(lean.p2_vs_single_image_lean_media, 2)} | <= 2 | 20 images ${round(medians.lean_publish_20_images_parallel_ms, 0)} ms / 1 image ${round(medians.lean_publish_1_image_ms, 0)} ms |`
  );
  console.log(
    `| p4 against Strapi's own upload of the same images | ${round(lean.p4_vs_strapi_upload, 2)} | | Strapi upload grew ${round(uploadPeak - uploadBaseline, 0)} MB |`
  );
  console.log('\nWrote bench/results.json');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
