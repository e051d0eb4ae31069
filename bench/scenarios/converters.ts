/**
 * Issue #30: the body converters on their own, without Strapi. Articles of realistic structure
 * (headings, paragraphs with links and marks, lists, tables, figures, quotes) from 50 KB to the
 * largest the request schema takes, each converted to blocks, to zone components (blocks text) and
 * to Markdown; and the worst case found for the old blocks converter (paragraphs without text in a
 * quote). Per series: MB/s at the largest size and the growth exponent (time = a * size^b, least
 * squares on logarithms), from medians of wall-clock and of CPU time.
 */
import { htmlToBlocks } from '../../core/src/blocks/html-to-blocks';
import { parseHtmlTree } from '../../core/src/blocks/html-tree';
import { htmlToMarkdown } from '../../core/src/body/html-to-markdown';
import { layoutZone } from '../../core/src/body/zone-layout';
import {
  emptyQuoteParagraphs,
  SIZED_ARTICLE_FILES,
  SIZED_ARTICLE_ZONE,
  sizedArticle,
} from '../../core/test/helpers/sized-article';
import type { ScenarioResult } from '../report';
import { fitExponent, median } from '../stats';

/** 50 KB, 200 KB, 1 MB and 4.8 MB (the largest body the request schema takes). */
export const CONVERTER_SIZES_KB = [50, 200, 1000, 4800];

const toBlocks = (html: string) =>
  htmlToBlocks(html, { image: (src) => SIZED_ARTICLE_FILES.get(src)?.image });

/** What is converted, from which body. */
export const CONVERTER_SERIES = {
  blocks: { body: sizedArticle, convert: toBlocks },
  zone: {
    body: sizedArticle,
    convert: (html: string) =>
      layoutZone(html, SIZED_ARTICLE_ZONE, { image: (src) => SIZED_ARTICLE_FILES.get(src) }),
  },
  // As a publish converts it: from the tree the article was parsed into (the parse counted here, as the
  // blocks and zone series count theirs), not from HTML turndown parses again.
  markdown: { body: sizedArticle, convert: (html: string) => htmlToMarkdown({ nodes: parseHtmlTree(html) }) },
  blocks_empty_quote_paragraphs: { body: emptyQuoteParagraphs, convert: toBlocks },
} satisfies Record<string, { body: (bytes: number) => string; convert: (html: string) => unknown }>;
export type ConverterSeries = keyof typeof CONVERTER_SERIES;
export const CONVERTER_SERIES_NAMES = Object.keys(CONVERTER_SERIES) as ConverterSeries[];

interface Timing {
  wallMs: number;
  cpuMs: number;
}

/** One conversion's wall-clock and CPU time (this process, all its threads: the garbage collector's too). */
function timeOnce(convert: () => unknown): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  convert();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

export interface ConverterOptions {
  sizesKb?: number[];
  series?: readonly ConverterSeries[];
  /** Measured runs per size (the median is kept), more while a size has taken less than a second... */
  runs?: number;
  /** ...and no more than fit in this many ms once three ran. */
  budgetMs?: number;
  log?: (line: string) => void;
}

const mbPerS = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

export function measureConverters(options: ConverterOptions = {}): ScenarioResult {
  const {
    sizesKb = CONVERTER_SIZES_KB,
    series = CONVERTER_SERIES_NAMES,
    runs = 5,
    budgetMs = 30_000,
  } = options;
  const figures: Record<string, number> = {};
  const medians: Record<string, number> = {};
  for (const name of series) {
    const { body, convert } = CONVERTER_SERIES[name];
    // Warmed up on a mid-sized body, so the small sizes are not timed while the JIT still compiles.
    const warmup = body(200_000);
    for (let i = 0; i < 3; i++) convert(warmup);
    const wall: { x: number; y: number }[] = [];
    const cpu: { x: number; y: number }[] = [];
    for (const kb of sizesKb) {
      const html = body(kb * 1000);
      const timings: Timing[] = [];
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      while ((timings.length < runs || elapsed() < 1000) && (timings.length < 3 || elapsed() < budgetMs))
        timings.push(timeOnce(() => convert(html)));
      const wallMs = median(timings.map((timing) => timing.wallMs));
      const cpuMs = median(timings.map((timing) => timing.cpuMs));
      const bytes = Buffer.byteLength(html);
      wall.push({ x: bytes, y: wallMs });
      cpu.push({ x: bytes, y: cpuMs });
      medians[`converter_${name}_${kb}kb_ms`] = wallMs;
      medians[`converter_${name}_${kb}kb_cpu_ms`] = cpuMs;
      options.log?.(
        `${name} ${kb} KB: ${wallMs.toFixed(0)} ms (${mbPerS(bytes, wallMs).toFixed(2)} MB/s), CPU ${cpuMs.toFixed(0)} ms (${mbPerS(bytes, cpuMs).toFixed(2)} MB/s), median of ${timings.length}`
      );
    }
    const largest = wall.length - 1;
    figures[`converter_${name}_mb_per_s`] = mbPerS(wall[largest].x, wall[largest].y);
    figures[`converter_${name}_cpu_mb_per_s`] = mbPerS(cpu[largest].x, cpu[largest].y);
    figures[`converter_growth_exponent_${name}`] = fitExponent(wall);
    figures[`converter_growth_exponent_${name}_cpu`] = fitExponent(cpu);
  }
  return { figures, medians, breakdowns: {} };
}
