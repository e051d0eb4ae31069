import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page, Request, Route } from 'playwright-core';

/** Something the content did that only script (or a navigation) can do. */
export interface ExecutionRecord {
  /** The hooked sink (alert, fetch, document.cookie=, ...), 'csp' for any script the policy saw,
   * 'dialog', 'popup', 'page error', 'navigation', 'global' (a new global), 'harness failure'
   * (the page did not load or stopped answering). */
  kind: string;
  detail: string;
  /** Index of the payload container the browser attributed it to, when it could. */
  payload: number | null;
  /** Path of the test document the page reported from (null when it could not tell, or for the
   * records the test itself makes). */
  document?: string | null;
}

/** An attribute the browser parsed out of the content that a sanitized article must not have. */
export interface UnsafeAttribute {
  payload: number;
  problem: string;
  markup: string;
}

export interface RenderOptions {
  /** Serialize and re-parse each container once the document is parsed (see xss-page-hooks.js). */
  roundTrip?: boolean;
}

export interface RenderResult {
  records: ExecutionRecord[];
  unsafeAttributes: UnsafeAttribute[];
}

/** The page's own origin; every other request is refused, so nothing leaves the machine. */
const ORIGIN = 'https://xss-corpus.test';
// No script source at all: every script the content runs is a report (report-only, so it still runs
// and the hooks see it too). 'report-sample' puts the first characters of the script in the report.
const REPORT_ONLY_POLICY = "script-src 'report-sample'; object-src 'report-sample'; base-uri 'none'";
const HOOKS_SCRIPT = fs.readFileSync(path.join(__dirname, 'xss-page-hooks.js'), 'utf8');
/** The page calls this CDP binding to report; a CDP binding, unlike Playwright's, needs no eval in the page. */
const BINDING = '__xssReport';
/** Time for late events and timers after the harness fired its events; not an assertion. */
const SETTLE_MS = 50;
const LOAD_TIMEOUT_MS = 15_000;

/** One HTML document holding each fragment in its own container, as an article page would. */
export function documentFor(fragments: readonly string[], firstIndex: number): string {
  const containers = fragments.map(
    (html, offset) => `<div data-payload="${firstIndex + offset}">${html}</div>`
  );
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>XSS corpus</title></head>\n<body>\n${containers.join('\n')}\n</body></html>\n`;
}

/**
 * One HTML document holding each fragment as a document of its own, in a srcdoc frame: a fragment that
 * leaves the parser in another state (an unclosed raw-text element, a base URL, plaintext) cannot change
 * how the next one is parsed, and what runs in a frame is put down to its payload. For the unsanitized
 * control run; a sanitized article is rendered as one document (documentFor).
 */
export function isolatedDocumentFor(fragments: readonly string[], firstIndex: number): string {
  const frames = fragments.map((html, offset) => {
    const own = documentFor([html], firstIndex + offset)
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;');
    return `<iframe title="payload ${firstIndex + offset}" srcdoc="${own}"></iframe>`;
  });
  return documentFor(frames, firstIndex);
}

/** What the page-side harness returns after firing its events (see xss-page-hooks.js). */
interface PageState {
  globals: string[];
  unsafeAttributes: UnsafeAttribute[];
}

interface Tab {
  page: Page;
  cdp: CDPSession;
}

/**
 * Renders HTML documents in headless Chromium with the sinks hooked (test/helpers/xss-page-hooks.js)
 * and reports everything that executed. Each document is served from a fake https origin, so it is a
 * real navigation with a real response (and the report-only policy header), and hooks run before it.
 * The harness talks to the page over CDP only: Playwright's own evaluate calls the page's `eval`,
 * which the hooks replace.
 */
export class XssHarness {
  private context: BrowserContext | undefined;
  private tab: Tab | undefined;
  private records: ExecutionRecord[] = [];
  private strays: ExecutionRecord[] = [];
  private documentPath = '';
  private documentUrl = '';
  private html = '';
  private documents = 0;
  /** The current document's main frame started to go elsewhere (a script, a meta refresh). */
  private mainFrameLeft = false;

  constructor(
    private readonly browser: Browser,
    /** Iframe sources the content may load (the approved video embeds); any other frame navigation is a record. */
    private readonly allowedFramePrefixes: readonly string[]
  ) {}

  async render(html: string, options: RenderOptions = {}): Promise<RenderResult> {
    // The last document's page started to go elsewhere, during its render or after it (a late refresh):
    // a refused navigation still commits Chromium's error page a moment later, which would interrupt
    // this document's load. This one gets a fresh tab.
    if (this.mainFrameLeft) await this.closeTab();
    this.mainFrameLeft = false;
    const { page, cdp } = await this.openTab();
    this.records = [];
    this.html = html;
    this.documentPath = `/article-${++this.documents}`;
    this.documentUrl = `${ORIGIN}${this.documentPath}${options.roundTrip ? '?round-trip' : ''}`;
    try {
      await page.goto(this.documentUrl, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
      // The harness lives in the page; a payload that navigated the page away has taken it along.
      if (page.url() !== this.documentUrl) return { records: this.records, unsafeAttributes: [] };
      const state = (await evaluate(cdp, `__xssHarness.run(${SETTLE_MS})`)) as PageState;
      // The settle ran in the page, whose location a payload may have changed meanwhile.
      if (page.url() !== this.documentUrl) return { records: this.records, unsafeAttributes: [] };
      for (const name of state.globals) this.records.push({ kind: 'global', detail: name, payload: null });
      const { unsafeAttributes } = state;
      return { records: this.records, unsafeAttributes };
    } catch (error) {
      // A page that never loads or stops answering (a script in a loop) is a record, not a crash;
      // the next document gets a fresh tab.
      this.records.push({ kind: 'harness failure', detail: String(error).split('\n')[0], payload: null });
      await this.closeTab();
      return { records: this.records, unsafeAttributes: [] };
    }
  }

  /**
   * Reports that reached the test after their document's render had returned (a handler or timer
   * that ran late). They would be lost, or blamed on the next document, if not kept here.
   */
  lateRecords(): ExecutionRecord[] {
    return [...this.strays];
  }

  async close(): Promise<void> {
    await this.closeTab();
    await this.context?.close();
  }

  private async openTab(): Promise<Tab> {
    if (this.tab) return this.tab;
    this.context ??= await this.browser.newContext();
    const page = await this.context.newPage();
    const cdp = await this.context.newCDPSession(page);
    const add = (record: ExecutionRecord) => this.records.push(record);
    cdp.on('Runtime.bindingCalled', (event) => {
      if (event.name !== BINDING) return;
      const record = JSON.parse(event.payload) as ExecutionRecord;
      const late = record.document != null && record.document !== this.documentPath;
      (late ? this.strays : this.records).push(record);
    });
    await cdp.send('Runtime.addBinding', { name: BINDING });
    await cdp.send('Runtime.enable');
    await cdp.send('Page.enable');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: HOOKS_SCRIPT });
    page.on('dialog', (dialog) => {
      add({ kind: 'dialog', detail: `${dialog.type()} ${dialog.message()}`, payload: null });
      dialog.dismiss().catch(() => undefined);
    });
    page.on('popup', (popup) => add({ kind: 'popup', detail: popup.url(), payload: null }));
    page.on('pageerror', (error) =>
      add({ kind: 'page error', detail: error.message.slice(0, 200), payload: null })
    );
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url() !== this.documentUrl) {
        this.mainFrameLeft = true;
        add({ kind: 'navigation', detail: frame.url(), payload: null });
      }
    });
    await page.route('**/*', (route) => this.answer(route, route.request(), page));
    this.tab = { page, cdp };
    return this.tab;
  }

  private async closeTab(): Promise<void> {
    const tab = this.tab;
    this.tab = undefined;
    await tab?.page.close({ runBeforeUnload: false }).catch(() => undefined);
  }

  private async answer(route: Route, request: Request, page: Page): Promise<void> {
    if (request.url() === this.documentUrl && request.frame() === page.mainFrame()) {
      await route.fulfill({
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy-report-only': REPORT_ONLY_POLICY,
        },
        body: this.html,
      });
      return;
    }
    if (request.isNavigationRequest()) {
      const isMainFrame = request.frame() === page.mainFrame();
      if (isMainFrame) this.mainFrameLeft = true;
      const approvedEmbed =
        !isMainFrame && this.allowedFramePrefixes.some((prefix) => request.url().startsWith(prefix));
      if (!approvedEmbed) {
        this.records.push({
          kind: 'navigation',
          detail: `${isMainFrame ? 'page' : 'frame'} to ${request.url()}`,
          payload: null,
        });
      }
    }
    // Images, embeds and everything else: refused at once (the machine is offline anyway).
    await route.abort('blockedbyclient');
  }
}

/** Runs an expression in the page's main world over CDP and returns its value. */
async function evaluate(cdp: CDPSession, expression: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  // A page whose script never yields (a loop) never answers either.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${expression} did not answer in ${LOAD_TIMEOUT_MS} ms`)),
      LOAD_TIMEOUT_MS
    );
  });
  const evaluation = cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
  const { result, exceptionDetails } = await Promise.race([evaluation, timeout]).finally(() =>
    clearTimeout(timer)
  );
  if (exceptionDetails)
    throw new Error(
      `${expression} failed in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`
    );
  return result.value;
}
