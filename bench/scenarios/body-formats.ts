/**
 * p1 for every body format: a publish against Strapi's REST create of the same entry (read back from a
 * publish, so both sides store exactly the same values). And issue #13's comparison: the realistic
 * article (three reused images) into a Markdown and a zone body against the same into an HTML body,
 * with the publish's stage breakdown of the zone and HTML sides.
 */
import type { StageRecord } from '../../core/src/stage-timings';
import { realisticArticle, serveFixtureImages } from '../../test/helpers/real-sites';
import type { ImageServer } from '../../test/helpers/image-server';
import { articleHtml, expectOk, META_DESCRIPTION, RUNS, type BenchSite } from '../setup';
import { median, timeRepeated } from '../stats';
import type { ScenarioResult } from '../report';

const FORMATS = {
  publish: { uid: 'api::article.article', plural: 'articles', bodyFormat: 'html' },
  markdown: { uid: 'api::article.article', plural: 'articles', bodyFormat: 'markdown' },
  blocks: { uid: 'api::guide.guide', plural: 'guides', bodyFormat: 'auto' },
  zone: { uid: 'api::blog-article.blog-article', plural: 'blog-articles', bodyFormat: 'auto' },
} as const;
type Format = keyof typeof FORMATS;

const REALISTIC_SIDES = {
  html: { targetContentType: 'api::article.article', bodyFormat: 'html' },
  markdown: { targetContentType: 'api::article.article', bodyFormat: 'markdown' },
  htmlEditor: { targetContentType: 'api::ck-article.ck-article' },
  zone: { targetContentType: 'api::blog-article.blog-article' },
} as const;
type RealisticSide = keyof typeof REALISTIC_SIDES;

/**
 * Strapi's own floor under the zone/HTML comparison: a REST create of exactly what each side's publish
 * stored (read back with every media field, those inside the zone's components included).
 */
const REALISTIC_REST = {
  htmlEditor: { plural: 'ck-articles', populate: 'populate=*' },
  zone: {
    plural: 'blog-articles',
    populate:
      'populate[blocks][populate]=*&populate[cover]=true&populate[category]=true&populate[author]=true',
  },
} as const;
type RestSide = keyof typeof REALISTIC_REST;

const ROUNDS = 3;
const SYSTEM_FIELDS = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);

/** An entry as Strapi's REST API returns it, turned into the `data` of a REST create: relations by documentId, media by id. */
function toCreateValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toCreateValue);
  if (!value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('mime' in record) return record.id;
  if (typeof record.documentId === 'string') return record.documentId;
  return createData(record);
}

/**
 * A component's or an entry's own fields, without the ids and timestamps Strapi sets. A zone
 * component's `__component` comes first: Strapi's REST validation refuses it in any other place
 * (strapi/strapi#22868).
 */
function createData(record: Record<string, unknown>): Record<string, unknown> {
  const { __component: componentUid, ...fields } = record;
  return Object.fromEntries(
    Object.entries({ ...(componentUid === undefined ? {} : { __component: componentUid }), ...fields })
      .filter(([key, field]) => !SYSTEM_FIELDS.has(key) && key !== 'localizations' && field !== null)
      .map(([key, field]) => [key, toCreateValue(field)])
  );
}

export const articleRequest = (site: BenchSite, n: number, html = articleHtml(n)) => ({
  title: `Publish ${n}`,
  slug: site.slug('publish'),
  content: html,
  category: 'Bench',
  focus_keyword: 'benchmark',
  meta_description: META_DESCRIPTION,
  status: 'publish',
});

/** The entry a publish stored under this slug, as REST create data. */
export async function readBackAsCreateData(
  site: BenchSite,
  plural: string,
  slug: string,
  populate = 'populate=*'
): Promise<Record<string, unknown>> {
  const read = await site.rest('GET', `/api/${plural}?filters[slug][$eq]=${slug}&${populate}`);
  expectOk(read, `${plural} read back`);
  if (!read.json.data[0]) throw new Error(`${plural} ${slug}: ${read.text.slice(0, 300)}`);
  return createData(read.json.data[0]);
}

/** Publishes one article into the format's target and reads the stored entry back as REST create data. */
async function restTemplate(site: BenchSite, format: Format): Promise<Record<string, unknown>> {
  const request = articleRequest(site, 0);
  expectOk(await site.publish(request), `${format} template publish`);
  return readBackAsCreateData(site, FORMATS[format].plural, request.slug);
}

/** Mean ms of each stage over the records, and of the whole: means add up, so the stages account for the total. */
export const stageMeans = (records: StageRecord[]) => {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const names = [...new Set(records.flatMap((record) => Object.keys(record.stages)))];
  return Object.fromEntries([
    ...names.map((name) => [name, mean(records.map((record) => record.stages[name] ?? 0))]),
    ['total', mean(records.map((record) => record.totalMs))],
  ]);
};

export async function measureBodyFormats(
  site: BenchSite,
  images: ImageServer
): Promise<ScenarioResult & { htmlTemplate: Record<string, unknown> }> {
  const templates = {} as Record<Format, Record<string, unknown>>;
  for (const format of Object.keys(FORMATS) as Format[]) {
    await site.usePluginSettings({
      targetContentType: FORMATS[format].uid,
      bodyFormat: FORMATS[format].bodyFormat,
    });
    templates[format] = await restTemplate(site, format);
  }
  const publishMs = {} as Record<Format, number[]>;
  const restMs = {} as Record<Format, number[]>;
  const stages = {} as Record<Format, StageRecord[]>;
  // Every format's REST create and publish one after the other, round after round: drift on a
  // shared machine hits all sides alike. The first two rounds warm up.
  for (let round = -2; round < ROUNDS * RUNS; round++) {
    for (const format of Object.keys(FORMATS) as Format[]) {
      const { uid, plural, bodyFormat } = FORMATS[format];
      await site.usePluginSettings({ targetContentType: uid, bodyFormat });
      const [rest] = await timeRepeated(1, 0, async () => {
        const data = { ...templates[format], title: `Rest ${round}`, slug: site.slug('rest') };
        expectOk(await site.rest('POST', `/api/${plural}`, { data }), `${format} REST create`);
      });
      site.takeStageRecords('publish');
      const [published] = await timeRepeated(1, 0, async () =>
        expectOk(await site.publish(articleRequest(site, round)), `${format} publish`)
      );
      const records = site.takeStageRecords('publish');
      if (round < 0) continue;
      (restMs[format] ??= []).push(rest);
      (publishMs[format] ??= []).push(published);
      (stages[format] ??= []).push(...records);
    }
  }
  const realistic = await measureRealisticBodies(site, images);
  const figures: Record<string, number> = {};
  const medians: Record<string, number> = {};
  for (const format of Object.keys(FORMATS) as Format[]) {
    figures[`p1_${format}_vs_rest_create`] = median(publishMs[format]) / median(restMs[format]);
    medians[`p1_${format}_publish_ms`] = median(publishMs[format]);
    medians[`p1_${format}_rest_create_ms`] = median(restMs[format]);
  }
  return {
    figures: { ...figures, ...realistic.figures },
    medians: { ...medians, ...realistic.medians },
    breakdowns: {
      p1_html_publish_stages_ms: stageMeans(stages.publish),
      p1_markdown_publish_stages_ms: stageMeans(stages.markdown),
      p1_zone_publish_stages_ms: stageMeans(stages.zone),
      ...realistic.breakdowns,
    },
    htmlTemplate: templates.publish,
  };
}

/**
 * Issue #13: the realistic article into Markdown and zone bodies against HTML bodies of the same roles.
 * Beside the zone and CKEditor publishes, Strapi's REST create of what each stored: the part of the
 * zone's extra time that is Strapi storing components, which no plugin writing through the Document
 * Service can avoid.
 */
async function measureRealisticBodies(site: BenchSite, images: ImageServer): Promise<ScenarioResult> {
  await serveFixtureImages(images);
  const durations = { html: [], markdown: [], htmlEditor: [], zone: [] } as Record<RealisticSide, number[]>;
  const restDurations = { htmlEditor: [], zone: [] } as Record<RestSide, number[]>;
  const templates = {} as Record<RestSide, Record<string, unknown>>;
  const records = { html: [], markdown: [], htmlEditor: [], zone: [] } as Record<
    RealisticSide,
    StageRecord[]
  >;
  for (let round = -2; round < ROUNDS * RUNS; round++) {
    for (const side of Object.keys(REALISTIC_SIDES) as RealisticSide[]) {
      await site.usePluginSettings(REALISTIC_SIDES[side]);
      site.takeStageRecords('publish');
      const slug = site.slug(side.toLowerCase());
      const [published] = await timeRepeated(1, 0, async () =>
        expectOk(await site.publish(realisticArticle(images, { slug })), side)
      );
      const stages = site.takeStageRecords('publish');
      const rest = side in REALISTIC_REST ? REALISTIC_REST[side as RestSide] : undefined;
      if (rest && !templates[side as RestSide])
        templates[side as RestSide] = await readBackAsCreateData(site, rest.plural, slug, rest.populate);
      const [restCreate] = rest
        ? await timeRepeated(1, 0, async () => {
            const data = { ...templates[side as RestSide], slug: site.slug('rest') };
            expectOk(await site.rest('POST', `/api/${rest.plural}`, { data }), `${side} REST create`);
          })
        : [];
      if (round < 0) continue;
      durations[side].push(published);
      records[side].push(...stages);
      if (rest) restDurations[side as RestSide].push(restCreate);
    }
  }
  const m = (side: RealisticSide) => median(durations[side]);
  const r = (side: RestSide) => median(restDurations[side]);
  return {
    figures: {
      markdown_vs_html_body: m('markdown') / m('html'),
      zone_vs_html_body: m('zone') / m('htmlEditor'),
      strapi_zone_vs_html_rest_create: r('zone') / r('htmlEditor'),
      // What the plugin adds on top of Strapi's own create, zone against HTML.
      plugin_time_zone_vs_html: (m('zone') - r('zone')) / (m('htmlEditor') - r('htmlEditor')),
    },
    medians: {
      realistic_html_ms: m('html'),
      realistic_markdown_ms: m('markdown'),
      realistic_html_editor_ms: m('htmlEditor'),
      realistic_zone_ms: m('zone'),
      realistic_html_editor_rest_create_ms: r('htmlEditor'),
      realistic_zone_rest_create_ms: r('zone'),
    },
    breakdowns: {
      zone_publish_stages_ms: stageMeans(records.zone),
      html_editor_publish_stages_ms: stageMeans(records.htmlEditor),
    },
  };
}
