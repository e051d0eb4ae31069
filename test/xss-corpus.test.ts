import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEFAULT_CONFIG, resolveEffectiveConfig } from '../core/src/config';
import { sanitizeArticleHtml, type SanitizeOptions } from '../core/src/sanitize';
import { launchBrowser } from './helpers/browser';
import { unsafeMarkup } from './helpers/unsafe-markup';
import { loadXssCorpus } from './helpers/xss-corpus';
import { documentFor, XssHarness, type ExecutionRecord, type RenderResult } from './helpers/xss-harness';

// The sanitizer's options as a publish passes them with the default config and no environment:
// YouTube embeds only, no http: images.
const effective = resolveEffectiveConfig(DEFAULT_CONFIG, {});
const PUBLISH_OPTIONS: SanitizeOptions = {
  videoEmbedHosts: effective.videoEmbedHosts,
  allowHttpImages: effective.images.allowHttp,
};
const BATCH_SIZE = 100;
const CONTROL_SAMPLE = 200;
// Measured with Chromium 156 on the first 200 payloads: 74-75 run script, 55 of them reach a hooked sink.
// The floors leave room for browser changes; far below them, the harness has stopped seeing execution.
const CONTROL_MIN_RAN_SCRIPT = 60;
const CONTROL_MIN_HOOKED = 40;

/** Anything recorded but a harness failure means script ran; 'csp' and 'page error' records say so
 * without naming a sink, every other kind is a hook (sink, navigation, dialog, popup, new global). */
const ranScript = (record: ExecutionRecord) => record.kind !== 'harness failure';
const hitHook = (record: ExecutionRecord) => !['csp', 'page error', 'harness failure'].includes(record.kind);

const ROUND_TRIP_ONLY =
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>';

/**
 * Probes written for the harness, one per thing it must notice: each must be recorded with its kind,
 * or a payload doing the same would pass unseen.
 */
const PROBES: { expect: string; html: string; roundTrip?: boolean }[] = [
  { expect: 'alert', html: '<img src="/missing.png" onerror="alert(1)">' },
  { expect: 'confirm', html: '<svg onload="confirm(1)"></svg>' },
  { expect: 'prompt', html: '<script>prompt(1)</script>' },
  { expect: 'print', html: '<script>print()</script>' },
  { expect: 'eval', html: '<script>eval("1 + 1")</script>' },
  { expect: 'Function', html: '<script>[].constructor.constructor("return 1")()</script>' },
  { expect: 'setTimeout(string)', html: '<script>setTimeout("1")</script>' },
  { expect: 'fetch', html: '<script>fetch("/collect")</script>' },
  {
    expect: 'XMLHttpRequest',
    html: '<script>(() => { const r = new XMLHttpRequest(); r.open("GET", "/c"); r.send(); })()</script>',
  },
  { expect: 'sendBeacon', html: '<script>navigator.sendBeacon("/collect", "x")</script>' },
  { expect: 'WebSocket', html: '<script>new WebSocket("wss://collect.test/")</script>' },
  { expect: 'document.cookie=', html: '<script>document.cookie = "session=stolen"</script>' },
  { expect: 'document.write', html: '<script>document.write("<p>x</p>")</script>' },
  { expect: 'open', html: '<script>open("https://elsewhere.test/")</script>' },
  { expect: 'postMessage', html: '<script>postMessage("x", "*")</script>' },
  { expect: 'history.pushState', html: '<script>history.pushState({}, "", "/moved")</script>' },
  { expect: 'navigation', html: '<script>location.href = "https://elsewhere.test/"</script>' },
  { expect: 'navigation', html: '<meta http-equiv="refresh" content="0; url=https://elsewhere.test/">' },
  { expect: 'global', html: '<script>window.xssMarker = true</script>' },
  { expect: 'csp', html: '<script>void 0</script>' },
  { expect: 'page error', html: '<script>undefinedFunction()</script>' },
  { expect: 'alert', html: '<div onmouseover="alert(1)">hover</div>' },
  { expect: 'alert', html: '<a href="#top" onfocus="alert(1)">focus</a>' },
  { expect: 'alert', html: '<details open ontoggle="alert(1)"><summary>x</summary></details>' },
  { expect: 'alert', html: '<iframe src="javascript:alert(1)"></iframe>' },
  { expect: 'alert', html: '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>' },
  // Inert as parsed (the style is an HTML one, its text is text); serialized and parsed again, the
  // style lands in MathML, where its text is markup, and the img breaks out.
  { expect: 'alert', html: ROUND_TRIP_ONLY, roundTrip: true },
];

function describeRecords(records: ExecutionRecord[]): string {
  return records.map((record) => `${record.kind}: ${record.detail}`).join('; ');
}

describe('the XSS corpus through sanitizeArticleHtml, rendered in Chromium', () => {
  const corpus = loadXssCorpus();
  const sanitized = corpus.map((entry) => sanitizeArticleHtml(entry.payload, PUBLISH_OPTIONS));
  let browser: Browser | undefined;
  let harness: XssHarness;

  before(async () => {
    browser = await launchBrowser();
    harness = new XssHarness(browser, PUBLISH_OPTIONS.videoEmbedHosts ?? []);
  });
  after(async () => {
    await harness?.close();
    await browser?.close();
  });

  it('the corpus is the shared one: over 1900 payloads, each with its source', () => {
    assert.ok(corpus.length >= 1900, `${corpus.length} payloads`);
    assert.ok(corpus.every((entry) => entry.source.length > 0 && entry.payload.length > 0));
  });

  it('the harness records each hooked sink, navigation, new global and script (a probe for each)', async () => {
    const clean = await harness.render(
      documentFor(
        [
          '<p>Plain <a href="https://example.test/" target="_blank" rel="noopener noreferrer">text</a></p>',
          '<img src="https://images.example.test/a.png" alt="a"><iframe src="https://www.youtube.com/embed/abc"></iframe>',
        ],
        0
      )
    );
    assert.deepEqual(clean, { records: [], unsafeAttributes: [] }, 'a harmless document records nothing');
    const missed: string[] = [];
    for (const [index, probe] of PROBES.entries()) {
      const { records } = await harness.render(documentFor([probe.html], index), {
        roundTrip: probe.roundTrip,
      });
      if (!records.some((record) => record.kind === probe.expect)) {
        missed.push(
          `${probe.expect} not recorded for ${probe.html} (recorded: ${describeRecords(records) || 'nothing'})`
        );
      }
    }
    assert.deepEqual(missed, []);
    const parsedOnce = await harness.render(documentFor([ROUND_TRIP_ONLY], 0));
    assert.deepEqual(
      parsedOnce.records,
      [],
      'the round-trip probe is inert until serialized and parsed again'
    );
  });

  it(`control: unsanitized, many of the first ${CONTROL_SAMPLE} payloads run script and reach the hooks`, async (t) => {
    let ran = 0;
    let hooked = 0;
    for (const [index, entry] of corpus.slice(0, CONTROL_SAMPLE).entries()) {
      const { records } = await harness.render(documentFor([entry.payload], index));
      if (records.some(ranScript)) ran += 1;
      if (records.some(hitHook)) hooked += 1;
    }
    t.diagnostic(
      `control sample: ${CONTROL_SAMPLE} unsanitized payloads, ${ran} ran script, ${hooked} reached a hooked sink`
    );
    assert.ok(
      ran >= CONTROL_MIN_RAN_SCRIPT,
      `only ${ran} of ${CONTROL_SAMPLE} unsanitized payloads ran script`
    );
    assert.ok(
      hooked >= CONTROL_MIN_HOOKED,
      `only ${hooked} of ${CONTROL_SAMPLE} unsanitized payloads reached a hook`
    );
  });

  it('no sanitized output has a script element, event handler, style attribute or script URL', () => {
    const findings = sanitized.flatMap((html, index) =>
      unsafeMarkup(html).map(
        (problem) => `#${index} (${corpus[index].source}): ${problem} in ${html.slice(0, 200)}`
      )
    );
    assert.deepEqual(findings, []);
  });

  for (const roundTrip of [false, true]) {
    const how = roundTrip ? 'serialized and parsed again in the page' : 'as parsed';
    it(`none of the sanitized payloads executes, ${BATCH_SIZE} to a page, ${how}`, async (t) => {
      const failures: string[] = [];
      let executed = 0;
      for (let first = 0; first < sanitized.length; first += BATCH_SIZE) {
        const batch = sanitized.slice(first, first + BATCH_SIZE);
        const result = await harness.render(documentFor(batch, first), { roundTrip });
        if (result.records.length === 0 && result.unsafeAttributes.length === 0) continue;
        // Something in this page ran: render its payloads one by one to name them.
        const failuresBefore = failures.length;
        for (const [offset, html] of batch.entries()) {
          const index = first + offset;
          const alone: RenderResult = await harness.render(documentFor([html], index), { roundTrip });
          if (alone.records.length === 0 && alone.unsafeAttributes.length === 0) continue;
          executed += alone.records.some(ranScript) ? 1 : 0;
          failures.push(
            `#${index} (${corpus[index].source})\n  payload: ${corpus[index].payload}\n  sanitized: ${html}\n` +
              `  recorded: ${describeRecords(alone.records)}\n  attributes: ${JSON.stringify(alone.unsafeAttributes)}`
          );
        }
        if (failures.length === failuresBefore) {
          failures.push(
            `batch from #${first}: ${describeRecords(result.records)} ${JSON.stringify(result.unsafeAttributes)}`
          );
        }
      }
      t.diagnostic(`sanitized, ${how}: ${sanitized.length} payloads rendered, ${executed} executed`);
      assert.deepEqual(failures, []);
      assert.deepEqual(harness.lateRecords(), [], 'nothing reported after its document was done');
    });
  }
});
