import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEFAULT_CONFIG, resolveEffectiveConfig } from '../core/src/config';
import { sanitizeArticleHtml, type SanitizeOptions } from '../core/src/sanitize';
import { launchBrowser } from './helpers/browser';
import { unsafeMarkup } from './helpers/unsafe-markup';
import { payloadsRunningScript, ranScript } from './helpers/xss-control';
import { loadXssCorpus, type XssPayload } from './helpers/xss-corpus';
import { familyOf, generateXssCorpus } from './helpers/xss-generator';
import {
  documentFor,
  isolatedDocumentFor,
  XssHarness,
  type ExecutionRecord,
  type RenderResult,
} from './helpers/xss-harness';

// The sanitizer's options as a publish passes them with the default config and no environment:
// YouTube embeds only, no http: images.
const effective = resolveEffectiveConfig(DEFAULT_CONFIG, {});
const PUBLISH_OPTIONS: SanitizeOptions = {
  videoEmbedHosts: effective.videoEmbedHosts,
  allowHttpImages: effective.images.allowHttp,
};
/** Sanitized payloads to a page: an article page holds many fragments, and one page is quicker than many. */
const BATCH_SIZE = 100;
/** The control renders every 11th payload (a stride in step with none of the generator's dimensions),
 * each as a document of its own, 100 to a page. */
const CONTROL_STRIDE = 11;
const CONTROL_BATCH = 100;
/** A published corpus, run besides the generated one when set (docs/development.md, "The XSS corpus"). */
const THIRD_PARTY_CORPUS = process.env.XSS_CORPUS_PATH;

/**
 * Floors for the control's sample (every CONTROL_STRIDE-th payload), from measurement with Chromium 156:
 * generated, 348 of 541 ran script (64%) and 207 reached a hooked sink (38%); the published corpus of
 * 1,902, 55 of 173 (32%) and 30 (17%). A share far below its floor means the harness has stopped seeing
 * execution, or the generator has stopped producing payloads that execute.
 */
const GENERATED_CONTROL = { minRanScript: 0.5, minHooked: 0.25 };
const THIRD_PARTY_CONTROL = { minRanScript: 0.25, minHooked: 0.12 };

/** A hook (sink, navigation, dialog, popup, new global) rather than the policy or an error saying script ran. */
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

const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;

describe('XSS payloads through sanitizeArticleHtml, rendered in Chromium', () => {
  let browser: Browser | undefined;
  let harness: XssHarness;
  // Unsanitized documents get a harness (a browser context) of their own: a late report from one of
  // them must not be taken for one from a sanitized document.
  let controlHarness: XssHarness;
  const harnesses = () => ({ harness, controlHarness });

  before(async () => {
    browser = await launchBrowser();
    harness = new XssHarness(browser, PUBLISH_OPTIONS.videoEmbedHosts ?? []);
    controlHarness = new XssHarness(browser, []);
  });
  after(async () => {
    await controlHarness?.close();
    await harness?.close();
    await browser?.close();
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

  it('in an isolated document each payload runs in its own frame, whatever the one before left open, and what runs is put down to it', async () => {
    const { records } = await controlHarness.render(
      isolatedDocumentFor(
        [
          '<details open ontoggle=alert(40)>',
          '<plaintext><xmp><base href="https://elsewhere.test/">',
          '<svg onload=confirm(42)>',
          '<input autofocus onfocus=eval(`43`)>',
        ],
        40
      )
    );
    const hooked = (payload: number) => [
      ...new Set(
        records.filter((record) => record.payload === payload && hitHook(record)).map((record) => record.kind)
      ),
    ];
    assert.deepEqual(
      [hooked(40), hooked(41), hooked(42), hooked(43)],
      [['alert'], [], ['confirm'], ['eval']],
      describeRecords(records)
    );
    assert.ok(
      records.some((record) => record.kind === 'csp' && record.payload === 42),
      'the policy report is put down to its frame'
    );
  });

  describe('the generated corpus (test/helpers/xss-generator.ts)', () => {
    const corpus = generateXssCorpus();

    it('several thousand distinct payloads from every family, the same on every run', () => {
      const families = new Map<string, number>();
      for (const { source } of corpus)
        families.set(familyOf(source), (families.get(familyOf(source)) ?? 0) + 1);
      assert.ok(corpus.length >= 5000, `${corpus.length} payloads`);
      assert.equal(new Set(corpus.map((entry) => entry.payload)).size, corpus.length, 'no payload twice');
      assert.deepEqual([...families.keys()].sort(), [
        'breakout',
        'comment',
        'handler',
        'mutation',
        'quoting',
        'script',
        'srcdoc',
        'syntax',
        'url',
      ]);
      assert.deepEqual(generateXssCorpus(), corpus, 'a second run generates the same corpus');
    });

    checkCorpus(harnesses, corpus, GENERATED_CONTROL, familyOf);
  });

  if (THIRD_PARTY_CORPUS) {
    describe(`the third-party corpus at XSS_CORPUS_PATH (${THIRD_PARTY_CORPUS})`, () => {
      const corpus = loadXssCorpus(THIRD_PARTY_CORPUS);

      it('a list of payloads, each with its source', () => {
        assert.ok(corpus.length > 0, 'no payloads');
        assert.ok(corpus.every((entry) => entry.source.length > 0 && entry.payload.length > 0));
      });

      checkCorpus(harnesses, corpus, THIRD_PARTY_CONTROL);
    });
  }
});

/**
 * The checks every corpus gets: a control run showing its payloads execute unsanitized (and, for the
 * generated one, that each family has payloads that do), then all of them sanitized with the publish's
 * options: no unsafe markup as text, and nothing executes in the page, as parsed and round-tripped.
 */
function checkCorpus(
  harnessesOf: () => { harness: XssHarness; controlHarness: XssHarness },
  corpus: readonly XssPayload[],
  floors: { minRanScript: number; minHooked: number },
  familyOfSource?: (source: string) => string
): void {
  const sanitized = corpus.map((entry) => sanitizeArticleHtml(entry.payload, PUBLISH_OPTIONS));
  const sample = corpus.filter((_, index) => index % CONTROL_STRIDE === 0);

  it(`control: unsanitized, at least ${percent(floors.minRanScript, 1)} of every ${CONTROL_STRIDE}th payload run script, ${percent(floors.minHooked, 1)} reach a hooked sink`, async (t) => {
    const running = await payloadsRunningScript(
      harnessesOf().controlHarness,
      sample.map((entry) => entry.payload),
      CONTROL_BATCH
    );
    const hooked = [...running.values()].filter((records) => records.some(hitHook)).length;
    t.diagnostic(
      `control: ${sample.length} of ${corpus.length} payloads rendered unsanitized, ${running.size} ran script ` +
        `(${percent(running.size, sample.length)}), ${hooked} reached a hooked sink (${percent(hooked, sample.length)})`
    );
    if (familyOfSource) {
      const byFamily = new Map<string, { ran: number; of: number }>();
      for (const [index, entry] of sample.entries()) {
        const family = byFamily.get(familyOfSource(entry.source)) ?? { ran: 0, of: 0 };
        byFamily.set(familyOfSource(entry.source), {
          ran: family.ran + (running.has(index) ? 1 : 0),
          of: family.of + 1,
        });
      }
      t.diagnostic(
        `ran script by family: ${[...byFamily].map(([name, { ran, of }]) => `${name} ${ran}/${of}`).join(', ')}`
      );
      const silent = [...byFamily].filter(([, { ran }]) => ran === 0).map(([name]) => name);
      assert.deepEqual(silent, [], 'families none of whose sampled payloads ran script');
    }
    assert.ok(
      running.size >= floors.minRanScript * sample.length,
      `only ${running.size} of ${sample.length} unsanitized payloads ran script`
    );
    assert.ok(
      hooked >= floors.minHooked * sample.length,
      `only ${hooked} of ${sample.length} unsanitized payloads reached a hook`
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
    it(`none of the ${corpus.length} sanitized payloads executes, ${BATCH_SIZE} to a page, ${how}`, async (t) => {
      const { harness } = harnessesOf();
      const lateBefore = harness.lateRecords().length;
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
      assert.deepEqual(
        harness.lateRecords().slice(lateBefore),
        [],
        'nothing reported after its document was done'
      );
    });
  }
}
