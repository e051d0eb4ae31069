/** What every benchmark scenario shares: the site under test, its tokens, images and article makers. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { registerSuperAdmin } from '../test/helpers/admin';
import { request, type HttpResponse } from '../test/helpers/http';
import { ImageServer } from '../test/helpers/image-server';
import { startPlayground, type Playground } from '../test/helpers/playground';
import { publishPost } from '../test/helpers/service';
import { DEFAULT_CONFIG, editableImageSettings } from '../core/src/config';
import type { StageRecord } from '../core/src/stage-timings';

export const KEY = 'apk_benchmark-key-0123456789abcdef';
export const RUNS = Number(process.env.BENCH_RUNS ?? 7);
export const IMAGE_LATENCY_MS = Number(process.env.BENCH_IMAGE_LATENCY_MS ?? 100);
/** A custom webhook endpoint whose preset is queued (BabyLoveGrowth), for the webhook queue scenario. */
export const HOOK_ENDPOINT = {
  id: 'bench-babylovegrowth-0123456789',
  preset: 'babylovegrowth',
  secret: 'bench-hook-secret-0123456789',
} as const;

/** A custom webhook that takes Markdown (SEOLadders' `content_markdown`): the pathological bodies' door. */
export const MARKDOWN_HOOK_ENDPOINT = {
  id: 'bench-seoladders-0123456789',
  preset: 'seoladders',
  secret: 'bench-markdown-hook-secret-0123456789',
} as const;

/** The images settings a site owner can save, at their defaults (the admin saves them whole). */
const DEFAULT_IMAGE_SETTINGS = editableImageSettings(DEFAULT_CONFIG.images);

/** Strapi's media library with responsive formats, re-encoding and auto-orientation off: thumbnail only. */
export const LEAN_MEDIA = { responsiveDimensions: false, sizeOptimization: false, autoOrientation: false };
export const DEFAULT_MEDIA = { responsiveDimensions: true, sizeOptimization: true, autoOrientation: false };

export function expectOk(response: { status: number; text: string }, what: string) {
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`${what}: ${response.status} ${response.text.slice(0, 300)}`);
}

/**
 * A 1200x800 JPEG, distinct for every seed up to 65 536 (the test helper's colours repeat every 256
 * seeds, and a repeat would be reused from the library instead of imported).
 */
export const photo = (seed: number) =>
  sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: { r: seed % 256, g: Math.floor(seed / 256) % 256, b: (seed * 193) % 256 },
    },
  })
    .jpeg()
    .toBuffer();

/** A noisy 2600x1950 photo-like JPEG of about 5 MB, distinct per seed. */
export const bigPhoto = (seed: number) =>
  sharp({
    create: {
      width: 2600,
      height: 1950,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128 + (seed % 50), sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

/** An article body of `sections` sections (about 280 bytes each), with a quote every sixth section. */
export function articleHtml(n: number, sections = 18): string {
  const section = (i: number) =>
    `<h2>Section ${i} of article ${n}</h2><p>Choosing well takes <strong>time</strong> and a few <em>rules</em>. ` +
    'Measure first, then compare materials, fittings and the way you store it over winter.</p>' +
    '<ul><li>Length</li><li>Material</li><li>Fittings</li></ul>' +
    (i % 6 === 5 ? `<blockquote><p>Measure twice, buy once (${i}).</p></blockquote>` : '');
  return Array.from({ length: sections }, (_, i) => section(i)).join('\n');
}

export const withImages = (html: string, sources: string[]) =>
  html +
  sources
    .map(
      (src, i) => `<figure><img src="${src}" alt="Image ${i}"><figcaption>Figure ${i}</figcaption></figure>`
    )
    .join('');

export const META_DESCRIPTION =
  'A benchmark article long enough to satisfy the SEO component minimum length rule.';

/** Distinct images for every publish, so no import is served by the reuse cache unless meant to be. */
export class ImageSets {
  private counter = 0;
  readonly bytes = new Map<string, Buffer>();
  constructor(readonly server: ImageServer) {}
  async next(count: number, make: (seed: number) => Promise<Buffer>, latency: number): Promise<string[]> {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const seed = ++this.counter;
        const bytes = await make(seed);
        const url = this.server.file(`/bench/${seed}.jpg`, bytes, 'image/jpeg', latency);
        this.bytes.set(url, bytes);
        return url;
      })
    );
  }

  /** `count` photos, each answered after IMAGE_LATENCY_MS: the images a publish imports in most scenarios. */
  photos(count: number): Promise<string[]> {
    return this.next(count, photo, IMAGE_LATENCY_MS);
  }
}

/** One booted playground with what the scenarios need to drive it. */
export class BenchSite {
  private slugCounter = 0;
  private constructor(
    readonly site: Playground,
    readonly adminToken: string,
    readonly apiToken: string,
    readonly timingsFile: string
  ) {}

  static async start(env: Record<string, string> = {}): Promise<BenchSite> {
    const timingsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'stages.jsonl');
    const site = await startPlayground({
      // The body-format scenarios publish into these real sites' shapes too.
      fixtureTypes: ['guide', 'blog-article', 'ck-article'],
      pluginConfig: { webhookEndpoints: [HOOK_ENDPOINT, MARKDOWN_HOOK_ENDPOINT] },
      env: {
        ARTICLE_PUBLISHER_API_KEY: KEY,
        ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
        ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
        ARTICLE_PUBLISHER_STAGE_TIMINGS: timingsFile,
        // Strapi's request log would dominate what is measured.
        STRAPI_LOG_LEVEL: 'warn',
        // BENCH_STRAPI_NODE_OPTIONS: node options for the playground alone (a profiler, a preload), not
        // for the bench's own process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`.
        ...(process.env.BENCH_STRAPI_NODE_OPTIONS
          ? { NODE_OPTIONS: process.env.BENCH_STRAPI_NODE_OPTIONS }
          : {}),
        ...env,
      },
    });
    const adminToken = await registerSuperAdmin(site.url);
    const token = await request(`${site.url}/admin/api-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: { name: 'benchmark', type: 'full-access', lifespan: null, description: '' },
    });
    if (token.status !== 201) throw new Error(`API token: ${token.status} ${token.text}`);
    return new BenchSite(site, adminToken, token.json.data.accessKey as string, timingsFile);
  }

  get url() {
    return this.site.url;
  }

  slug(prefix: string): string {
    return `${prefix}-${++this.slugCounter}`;
  }

  admin(method: string, route: string, body?: unknown): Promise<HttpResponse> {
    return request(`${this.url}${route}`, {
      method,
      body,
      headers: { authorization: `Bearer ${this.adminToken}` },
    });
  }

  /** Strapi's REST API with a full-access API token. */
  rest(method: string, route: string, body?: unknown): Promise<HttpResponse> {
    return request(`${this.url}${route}`, {
      method,
      body,
      headers: { authorization: `Bearer ${this.apiToken}` },
    });
  }

  publish(body: Record<string, unknown>): Promise<HttpResponse> {
    return publishPost(this.url, KEY, body);
  }

  /** Saves the plugin's settings the way the admin page does: target, body format, image settings. */
  async usePluginSettings(settings: {
    targetContentType: string;
    bodyFormat?: string;
    images?: Partial<typeof DEFAULT_IMAGE_SETTINGS>;
  }): Promise<void> {
    const saved = await this.admin('PUT', '/article-publisher/settings', {
      bodyFormat: 'auto',
      ...settings,
      images: { ...DEFAULT_IMAGE_SETTINGS, ...settings.images },
    });
    expectOk(saved, 'plugin settings');
  }

  /** Sets the media library's settings through the upload plugin's own settings route. */
  async useMediaSettings(settings: typeof LEAN_MEDIA): Promise<void> {
    expectOk(await this.admin('PUT', '/upload/settings', settings), 'media library settings');
  }

  /** Sends files to Strapi's own upload endpoint in one multipart request. */
  async uploadFiles(files: Buffer[]): Promise<void> {
    const form = new FormData();
    files.forEach((bytes, n) =>
      form.append('files', new Blob([bytes], { type: 'image/jpeg' }), `file-${n}.jpg`)
    );
    const uploaded = await fetch(`${this.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.apiToken}` },
      body: form,
    });
    if (uploaded.status !== 201)
      throw new Error(`Strapi upload: ${uploaded.status} ${(await uploaded.text()).slice(0, 300)}`);
  }

  /** Stage records written since the last call (the file is emptied). */
  takeStageRecords(kind: string): StageRecord[] {
    if (!fs.existsSync(this.timingsFile)) return [];
    const lines = fs.readFileSync(this.timingsFile, 'utf8').split('\n').filter(Boolean);
    fs.writeFileSync(this.timingsFile, '');
    return lines.map((line) => JSON.parse(line) as StageRecord).filter((record) => record.kind === kind);
  }

  private stopped?: Promise<void>;
  /** Stops the instance once, however often called. */
  stop(): Promise<void> {
    this.stopped ??= this.site.stop();
    return this.stopped;
  }
}

export async function startImageServer(): Promise<{ server: ImageServer; sets: ImageSets }> {
  const server = await new ImageServer().start();
  return { server, sets: new ImageSets(server) };
}
