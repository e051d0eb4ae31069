/**
 * Issue #55 item 3: readers while bodies of pathological shapes are posted (core/test/helpers/
 * pathological-bodies.ts: `[_a` x 16 KB, nested `>` and `> - `, deep lists, emphasis runs, `<` runs,
 * link reference definitions). A reader asks for a page every 20 ms while each is posted (HTML through
 * the service API, Markdown through a custom webhook's Markdown field), with the site's default parsing
 * budget; its worst wait per body is reported (target: 100 ms), with the answer's status and time.
 */
import { postHook, serviceHeaders } from '../../test/helpers/hooks';
import { PATHOLOGICAL_BODIES } from '../../core/test/helpers/pathological-bodies';
import type { HttpResponse } from '../../test/helpers/http';
import type { ScenarioResult } from '../report';
import { MARKDOWN_HOOK_ENDPOINT, type BenchSite } from '../setup';
import { median } from '../stats';
import { readWhile } from './readers';

const IDLE_MS = 2000;

/** A figure's name for a body: its shape in letters and digits. */
const keyOf = (name: string) =>
  `pathological_${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;

function post(site: BenchSite, format: 'html' | 'markdown', body: string): Promise<HttpResponse> {
  const slug = site.slug('pathological');
  if (format === 'html')
    return site.publish({ title: 'A hostile body', slug, content: body, status: 'publish' });
  const text = JSON.stringify({ id: slug, title: 'A hostile body', slug, content_markdown: body });
  return postHook(
    site.url,
    `/api/service/v1/hooks/${MARKDOWN_HOOK_ENDPOINT.id}`,
    text,
    serviceHeaders(MARKDOWN_HOOK_ENDPOINT.preset, text, MARKDOWN_HOOK_ENDPOINT.secret)
  );
}

export async function measurePathological(site: BenchSite): Promise<ScenarioResult> {
  const figures: Record<string, number> = {};
  const medians: Record<string, number> = {};
  await site.usePluginSettings({ targetContentType: 'api::article.article', bodyFormat: 'html' });
  const idle = await readWhile(site, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  medians.pathological_reader_idle_median_ms = median(idle);
  let worst = 0;
  for (const shape of PATHOLOGICAL_BODIES) {
    const started = performance.now();
    const posting = post(site, shape.format, shape.body);
    const waits = await readWhile(site, posting);
    const answer = await posting;
    if (answer.status >= 500) throw new Error(`${shape.name}: ${answer.status} ${answer.text.slice(0, 300)}`);
    const key = keyOf(shape.name);
    const shapeWorst = Math.max(...waits);
    worst = Math.max(worst, shapeWorst);
    medians[`${key}_worst_ms`] = shapeWorst;
    medians[`${key}_answer_ms`] = performance.now() - started;
    medians[`${key}_status`] = answer.status;
    console.log(
      `  ${shape.name} (${shape.format}): ${answer.status} in ${Math.round(performance.now() - started)} ms, ` +
        `reader worst ${Math.round(shapeWorst)} ms over ${waits.length} reads`
    );
  }
  figures.pathological_reader_worst_ms = worst;
  return { figures, medians, breakdowns: {} };
}
