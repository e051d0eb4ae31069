import type { BodyTarget } from '../../../core/src/publish-target';
import type { ZonePlan } from '../../../core/src/body/zone-kinds';
import type { NormalizeOptions } from '../../../core/src/article';
import type {
  NormalizedInWorker,
  NormalizeTask,
  RenderBodyTask,
  WriteBodyTask,
  WrittenBody,
} from './article-work';

/**
 * A thread's first work, before it says it is ready (issue #62): each kind of task it runs, on a
 * sample article, until V8 has compiled the code for it. A cold thread took 3 to 7 ms to normalize the
 * bench's 7 KB article and a warm one 1.2 ms; it got there after about 50 articles (a standalone
 * piscina pool, one task every 40 ms, 2026-12-07). Publishes are rarer than that on most sites, so
 * without this every publish met a cold thread.
 */

/**
 * Rounds of the sample's tasks (three articles each): a round took 120 ms cold, 30 ms for the next ten
 * and 7 ms from the twelfth on (in-process, this machine).
 */
export const WARM_UP_ROUNDS = 30;
/** However slow the machine, a thread is ready after this long. */
export const WARM_UP_MAX_MS = 1000;

/** The tasks a thread runs (article-work.ts), handed in: this file is not the worker's entry. */
export interface WarmUpTasks {
  normalize(task: NormalizeTask): NormalizedInWorker;
  writeBody(task: WriteBodyTask): WrittenBody;
  renderBody(task: RenderBodyTask): string;
}

const textField = (name: string, type: 'richtext' | 'blocks') => ({
  name,
  attribute: { type },
  detected: type === 'blocks' ? ('blocks' as const) : ('markdown' as const),
});

const MARKDOWN: BodyTarget = {
  field: 'content',
  body: { ...textField('content', 'richtext'), format: 'markdown' },
};
const BLOCKS: BodyTarget = {
  field: 'content',
  body: { ...textField('content', 'blocks'), format: 'blocks' },
};
const SAMPLE_ZONE: ZonePlan = {
  text: { uid: 'sample.rich-text', field: 'body', format: 'blocks' },
  quote: { uid: 'sample.quote', body: { name: 'body', required: false } },
};
const ZONE: BodyTarget = {
  field: 'sections',
  body: {
    name: 'sections',
    attribute: { type: 'dynamiczone', components: ['sample.rich-text', 'sample.quote'] },
    detected: 'zone',
    format: 'zone',
  },
  zone: SAMPLE_ZONE,
};

const OPTIONS: NormalizeOptions = { defaultStatus: 'draft', sanitize: {} };
const FIGURE =
  '<figure><img src="https://images.example.com/a.jpg" alt="A sample"><figcaption>A caption</figcaption></figure>';

/** A short article with what most bodies hold: headings, marked-up paragraphs, links, lists, a table, a quote. */
function sampleHtml(round: number): string {
  const section = (i: number) =>
    `<h2>Part ${i} of sample ${round}</h2>` +
    `<p>Some <strong>bold</strong> and <em>slanted</em> words, a <a href="https://example.com/${i}">link</a>, ` +
    `<code>code</code> and a line<br>break.</p>` +
    '<ul><li>One</li><li>Two <strong>marked</strong></li></ul><ol><li>First</li><li>Second</li></ol>' +
    (i % 2 ? '<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>' : '') +
    (i % 3 === 2 ? `<blockquote><p>A quote (${i}).</p></blockquote>` : '');
  return Array.from({ length: 6 }, (_, i) => section(i)).join('\n');
}

const sampleMarkdown = (round: number) =>
  `## Part of sample ${round}\n\nSome **bold** and *slanted* words, a [link](https://example.com/${round}).\n\n` +
  '- One\n- Two\n\n1. First\n2. Second\n\n> A quote.\n\n`code` and text.\n';

const fields = (round: number, html: string, contentFormat?: 'markdown') => ({
  title: `Sample ${round}`,
  html,
  ...(contentFormat ? { contentFormat } : {}),
  slug: undefined,
  status: undefined,
  focusKeyword: undefined,
  secondaryKeywords: [],
  metaDescription: undefined,
  jsonLd: undefined,
  featuredImage: undefined,
  categories: { kind: 'none' as const },
});

/** One round: what a publish and a WordPress read ask of a thread, each body format once. */
function warmUpRound(tasks: WarmUpTasks, round: number): void {
  tasks.normalize({ fields: fields(round, sampleHtml(round)), options: OPTIONS, bodyAhead: MARKDOWN });
  tasks.normalize({
    fields: fields(round, sampleMarkdown(round), 'markdown'),
    options: OPTIONS,
    bodyAhead: BLOCKS,
  });
  const read = tasks.normalize({ fields: fields(round, sampleHtml(round) + FIGURE), options: OPTIONS });
  if (!('body' in read)) throw new Error('the sample article was refused');
  const source = {
    html: read.article.html,
    flatTree: read.body.flatTree,
    libraryFiles: new Map(),
    existingZone: [],
  };
  tasks.writeBody({ body: ZONE, ...source });
  const blocks = tasks.writeBody({ body: BLOCKS, ...source });
  const markdown = tasks.writeBody({ body: MARKDOWN, ...source });
  const stored = (written: WrittenBody) => ('json' in written ? JSON.parse(written.json) : written.value);
  const options = { sanitize: OPTIONS.sanitize, uploadsOrigin: 'https://cms.example.com' };
  tasks.renderBody({ body: BLOCKS, value: stored(blocks), options });
  tasks.renderBody({ body: MARKDOWN, value: stored(markdown), options });
}

/** Runs the sample's rounds (`rounds`, or fewer once `maxMs` has passed) and answers how many ran. */
export function warmUp(
  tasks: WarmUpTasks,
  { rounds = WARM_UP_ROUNDS, maxMs = WARM_UP_MAX_MS }: { rounds?: number; maxMs?: number } = {}
): number {
  const start = performance.now();
  let done = 0;
  while (done < rounds && performance.now() - start < maxMs) {
    warmUpRound(tasks, done);
    done++;
  }
  return done;
}
