/**
 * `npm run bench:body-formats`: what a publish costs with a Markdown body and with a dynamic-zone body,
 * against the same article into an HTML body (issue #13: at most 1.2x). Medians of runs interleaved
 * on one playground, so drift on a shared machine hits every side alike.
 *   Markdown / HTML: the playground Article, whose Markdown editor receives HTML or Markdown (bodyFormat).
 *   Zone / HTML: the example blog's article (zone) against the CKEditor article (HTML), two types with
 *   the same roles (title, slug, featured image, one category) besides the body.
 */
import { registerSuperAdmin } from '../test/helpers/admin';
import { request } from '../test/helpers/http';
import { ImageServer } from '../test/helpers/image-server';
import { startPlayground } from '../test/helpers/playground';
import { realisticArticle, serveFixtureImages } from '../test/helpers/real-sites';
import { publishPost } from '../test/helpers/service';
import { median, round, timeRepeated } from './stats';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with scripts/start.js (plain JS)
const { ensurePluginBuilt } = require('../scripts/lib/builds') as { ensurePluginBuilt: () => boolean };

const KEY = 'apk_benchmark-body-0123456789abcdef';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROUNDS = 3;

const SIDES = {
  html: { targetContentType: 'api::article.article', bodyFormat: 'html' },
  markdown: { targetContentType: 'api::article.article', bodyFormat: 'markdown' },
  htmlEditor: { targetContentType: 'api::ck-article.ck-article' },
  zone: { targetContentType: 'api::blog-article.blog-article' },
} as const;

async function main() {
  ensurePluginBuilt();
  const images = await new ImageServer().start();
  await serveFixtureImages(images);
  const site = await startPlayground({
    env: {
      ARTICLE_PUBLISHER_API_KEY: KEY,
      ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
      ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true',
      STRAPI_LOG_LEVEL: 'warn',
    },
    pluginConfig: { targetContentType: 'api::article.article' },
  });
  try {
    const token = await registerSuperAdmin(site.url);
    let counter = 0;
    const durations: Record<keyof typeof SIDES, number[]> = {
      html: [],
      markdown: [],
      htmlEditor: [],
      zone: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, settings] of Object.entries(SIDES) as [
        keyof typeof SIDES,
        (typeof SIDES)[keyof typeof SIDES],
      ][]) {
        const saved = await request(`${site.url}/article-publisher/settings`, {
          method: 'PUT',
          body: settings,
          headers: { authorization: `Bearer ${token}` },
        });
        if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${saved.text}`);
        durations[side].push(
          ...(await timeRepeated(RUNS, round === 0 ? 2 : 0, async () => {
            const response = await publishPost(
              site.url,
              KEY,
              realisticArticle(images, { slug: `bench-${side}-${++counter}` })
            );
            if (response.status !== 201)
              throw new Error(`${side}: ${response.status} ${response.text.slice(0, 300)}`);
          }))
        );
      }
    }
    const medians = Object.fromEntries(
      Object.entries(durations).map(([side, values]) => [side, round(median(values), 1)])
    );
    console.log('median publish ms:', medians);
    console.log(
      `markdown / html (Article): ${round(median(durations.markdown) / median(durations.html))} (target <= 1.2)`
    );
    console.log(
      `zone / html (example blog vs CKEditor article): ${round(median(durations.zone) / median(durations.htmlEditor))} (target <= 1.2)`
    );
  } finally {
    await site.stop();
    await images.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
