/**
 * `npm run bench`: the body converters alone (before Strapi boots), then the publish path against
 * Strapi's own floor (REST create, the upload endpoint), where an image's time goes, memory, and how
 * publish time grows with the work. Every ratio compares medians measured side by side in this run, on
 * this machine. Writes bench/results.json and bench/growth.svg.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { growthChart } from './chart';
import { resultTable, roundAll, type ScenarioResult } from './report';
import { measureBodyFormats } from './scenarios/body-formats';
import { measureConverters } from './scenarios/converters';
import { measureGrowth, measureThroughput } from './scenarios/growth';
import { measureHookQueue } from './scenarios/hook-queue';
import { measureImageReaders } from './scenarios/image-readers';
import { measureImages, measureRepublish } from './scenarios/images';
import { measureMemory } from './scenarios/memory';
import { measurePathological } from './scenarios/pathological';
import { measureReaders } from './scenarios/readers';
import { measureScale } from './scenarios/scale';
import { BenchSite, IMAGE_LATENCY_MS, ImageSets, RUNS, startImageServer } from './setup';
import type { ImageServer } from '../test/helpers/image-server';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with scripts/start.js (plain JS)
const { ensurePluginBuilt } = require('../scripts/lib/builds') as { ensurePluginBuilt: () => boolean };

function machine(): string {
  const cpu =
    /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
  const cores = execSync('nproc').toString().trim();
  const database = process.env.TEST_DATABASE_CLIENT ?? 'sqlite';
  return `${os.platform()} ${os.arch()}, ${cores} cores (${cpu}), Node ${process.version}, ${database}`;
}

const step = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

/**
 * BENCH_ONLY=readers runs the reader scenario alone (it writes bench/readers-<database>.json);
 * BENCH_ONLY=commits runs p1 and p5 alone (see commitsOnly); BENCH_ONLY=hook-queue the webhook queue alone;
 * BENCH_ONLY=pathological the readers while pathological bodies are posted alone (printed);
 * BENCH_ONLY=republish p3 alone (see republishOnly); BENCH_ONLY=images the image figures alone (see imagesOnly);
 * BENCH_ONLY=scale the republish on a new site and at scale alone.
 */
const only = process.env.BENCH_ONLY;

/** The playground booted, the image server up, both stopped after: every run's frame. */
async function onPlayground(run: (site: BenchSite, server: ImageServer, sets: ImageSets) => Promise<void>) {
  ensurePluginBuilt();
  const { server, sets } = await startImageServer();
  step(
    'Booting the playground (production mode; TEST_DATABASE_CLIENT picks the database, SQLite by default)...'
  );
  const site = await BenchSite.start();
  try {
    await run(site, server, sets);
  } finally {
    await site.stop();
    await server.stop();
  }
}

/** The README's table of these figures, under the date and the machine (and the runs per median). */
function printTable(result: Pick<ScenarioResult, 'figures' | 'medians'>, runsPerMedian = true): void {
  const runs = runsPerMedian ? `, ${RUNS} runs per median` : '';
  console.log(`\n${new Date().toISOString().slice(0, 10)}, ${machine()}${runs}\n`);
  console.log(resultTable(result.figures, result.medians));
}

/** A scenario run alone: its figures written to bench/<name>-<database>.json, with `extra` facts. */
function writeAlone(name: string, result: ScenarioResult, extra: Record<string, unknown> = {}): string {
  const database = process.env.TEST_DATABASE_CLIENT ?? 'sqlite';
  const output = {
    ...roundAll(result.figures, 2),
    medians: roundAll(result.medians, 1),
    machine: machine(),
    ...extra,
    date: new Date().toISOString(),
  };
  const file = path.join(__dirname, `${name}-${database}.json`);
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** The steps both the full run and BENCH_ONLY=images take, each announced once. */
const imageSteps = {
  images(site: BenchSite, sets: ImageSets) {
    step(`p2: 20 images at ${IMAGE_LATENCY_MS} ms latency against Strapi's upload; stage breakdown; p3...`);
    return measureImages(site, sets);
  },
  imageReaders(site: BenchSite, sets: ImageSets) {
    step('p2 again with a reader every 20 ms on both sides...');
    return measureImageReaders(site, sets);
  },
  queue(site: BenchSite, sets: ImageSets) {
    step('Webhook queue: answers to queued deliveries while articles with 20 images import...');
    return measureHookQueue(site, sets);
  },
  /** p4 on fresh instances: the shared playground stops first, so its memory is not counted. */
  async memory(site: BenchSite, sets: ImageSets) {
    await site.stop();
    step('p4: memory of 20 photos of ~5 MB, publish against Strapi upload (fresh instances)...');
    return measureMemory(sets);
  },
};

/** On a fresh instance (the shared playground has stopped by then): its rows would weigh on the rest. */
function scaleStep(sets: ImageSets) {
  step('A republish of 20 images on a new site, then with 100,000 earlier imports and deliveries...');
  return measureScale(sets);
}

/** The scenarios' figures, medians (p4's growth among them) and breakdowns, as one result. */
function mergeParts(parts: ScenarioResult[]): ScenarioResult {
  const figures = Object.assign({}, ...parts.map((part) => part.figures)) as Record<string, number>;
  const medians = Object.assign({}, ...parts.map((part) => part.medians)) as Record<string, number>;
  if (figures.p4_rss_growth_mb !== undefined) medians.p4_rss_growth_mb = figures.p4_rss_growth_mb;
  const breakdowns = Object.assign(
    {},
    ...parts.map((part) => part.breakdowns)
  ) as ScenarioResult['breakdowns'];
  return { figures, medians, breakdowns };
}

const readersOnly = () =>
  onPlayground(async (site, server) => {
    step('Readers during a publish: realistic, 100 KB and largest article into each body format...');
    const file = writeAlone('readers', await measureReaders(site, server));
    console.log(`\nWrote ${file}`);
  });

async function main() {
  ensurePluginBuilt();
  const started = Date.now();
  step('Body converters alone (issue #30): blocks, zone and Markdown from 50 KB to 4.8 MB...');
  const converters = measureConverters({ log: (line) => console.log(`  ${line}`) });
  await onPlayground(async (site, server, sets) => {
    step('p1 for the HTML, Markdown, blocks and zone bodies; realistic article into each body...');
    const formats = await measureBodyFormats(site, server);
    const images = await imageSteps.images(site, sets);
    const imageReaders = await imageSteps.imageReaders(site, sets);
    step('Growth with HTML size, image count and nesting depth; p5 throughput...');
    const growth = await measureGrowth(site, sets);
    const throughput = await measureThroughput(site, formats.htmlTemplate);
    step(
      'Readers during a publish (every 20 ms): realistic, 100 KB and largest article, each body format...'
    );
    const readers = await measureReaders(site, server);
    const queue = await imageSteps.queue(site, sets);
    step('Readers while pathological bodies are posted (issue #55: the parsing budget)...');
    const pathological = await measurePathological(site);
    const memory = await imageSteps.memory(site, sets);
    const scale = await scaleStep(sets);

    const parts = [
      converters,
      formats,
      images,
      imageReaders,
      growth,
      throughput,
      readers,
      queue,
      pathological,
      memory,
      scale,
    ];
    const { figures, medians, breakdowns } = mergeParts(parts);
    const date = new Date().toISOString();
    const output = {
      ...roundAll(figures, 3),
      medians: roundAll(medians, 2),
      breakdowns: Object.fromEntries(
        Object.entries(breakdowns).map(([name, stages]) => [name, roundAll(stages, 2)])
      ),
      runs: RUNS,
      image_latency_ms: IMAGE_LATENCY_MS,
      machine: machine(),
      date,
      duration_s: Math.round((Date.now() - started) / 1000),
    };
    fs.writeFileSync(path.join(__dirname, 'results.json'), `${JSON.stringify(output, null, 2)}\n`);
    fs.writeFileSync(
      path.join(__dirname, 'growth.svg'),
      growthChart(growth.series, `Median publish time, ${date.slice(0, 10)}, ${machine()}`)
    );
    printTable({ figures, medians });
    console.log('\nStage breakdowns (ms):', JSON.stringify(output.breakdowns, null, 2));
    console.log(`\nWrote bench/results.json and bench/growth.svg in ${output.duration_s} s`);
  });
}

/**
 * BENCH_ONLY=commits: p1 (every body format) and p5 alone, the figures that depend on how often a
 * publish commits; printed, nothing written.
 */
const commitsOnly = () =>
  onPlayground(async (site, server) => {
    step('p1 for the HTML, Markdown, blocks and zone bodies...');
    const formats = await measureBodyFormats(site, server);
    step('p5 throughput...');
    const throughput = await measureThroughput(site, formats.htmlTemplate);
    printTable({
      figures: { ...formats.figures, ...throughput.figures },
      medians: { ...formats.medians, ...throughput.medians },
    });
    console.log('\nStage breakdowns (ms):', JSON.stringify(formats.breakdowns, null, 2));
  });

/**
 * BENCH_ONLY=hook-queue: the webhook queue scenario alone (issue #42); printed, and written to
 * bench/hook-queue-<database>.json with the machine's load average (a shared machine's figures say so).
 */
const hookQueueOnly = () =>
  onPlayground(async (site, _server, sets) => {
    const queue = await imageSteps.queue(site, sets);
    const loadAverage = os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    const file = writeAlone('hook-queue', queue, { load_average: loadAverage });
    console.log(`\n${resultTable(queue.figures, queue.medians)}\n\nWrote ${file}`);
  });

/** BENCH_ONLY=pathological: readers while pathological bodies are posted (issue #55); printed. */
const pathologicalOnly = () =>
  onPlayground(async (site) => {
    step('Readers while pathological bodies are posted (issue #55: the parsing budget)...');
    printTable(await measurePathological(site), false);
  });

/**
 * BENCH_ONLY=republish: p3 alone (a 20-image article republished, every image reused, alternating with
 * a p1 publish), BENCH_RUNS pairs, with both sides' stage breakdowns; printed, nothing written.
 */
const republishOnly = () =>
  onPlayground(async (site, _server, sets) => {
    step(`p3: ${RUNS} republishes of a 20-image article, each paired with a p1 publish...`);
    const p3 = await measureRepublish(site, sets, RUNS);
    printTable({
      figures: {
        p3_republish_vs_publish: p3.republish / p3.publish,
        strapi_update_vs_rest_create: p3.restUpdate / p3.restCreate,
      },
      medians: {
        republish_20_images_ms: p3.republish,
        p3_publish_ms: p3.publish,
        p3_strapi_update_ms: p3.restUpdate,
        p3_strapi_create_ms: p3.restCreate,
      },
    });
    console.log(
      '\nStage breakdowns (ms):',
      JSON.stringify({ republish: p3.republishStages, publish: p3.publishStages }, null, 2)
    );
  });

/**
 * BENCH_ONLY=images: p2 (with and without a reader), the stage breakdown, p3, the webhook queue's
 * imports with readers, and p4 (fresh instances); printed, nothing written.
 */
const imagesOnly = () =>
  onPlayground(async (site, _server, sets) => {
    const images = await imageSteps.images(site, sets);
    const imageReaders = await imageSteps.imageReaders(site, sets);
    const queue = await imageSteps.queue(site, sets);
    const memory = await imageSteps.memory(site, sets);
    const { figures, medians } = mergeParts([images, imageReaders, queue, memory]);
    printTable({ figures, medians });
    console.log(
      `load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`
    );
    console.log('\nStage breakdowns (ms):', JSON.stringify(images.breakdowns, null, 2));
  });

/** BENCH_ONLY=scale: the republish on a new site and at scale alone (fresh instance); printed. */
const scaleOnly = async () => {
  ensurePluginBuilt();
  const { server, sets } = await startImageServer();
  try {
    printTable(await scaleStep(sets), false);
  } finally {
    await server.stop();
  }
};

const modes: Record<string, () => Promise<void>> = {
  readers: readersOnly,
  commits: commitsOnly,
  'hook-queue': hookQueueOnly,
  pathological: pathologicalOnly,
  republish: republishOnly,
  images: imagesOnly,
  scale: scaleOnly,
};
(only ? (modes[only] ?? main) : main)().catch((error) => {
  console.error(error);
  process.exit(1);
});
