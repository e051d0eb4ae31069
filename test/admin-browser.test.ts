import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  createAdminWithoutPluginPermissions,
  registerSuperAdmin,
  grantPluginActions,
} from './helpers/admin';
import { launchBrowser } from './helpers/browser';
import { request } from './helpers/http';
import { closeStrapiBanner, screenshotWholePage } from './helpers/page-layout';
import { playgroundDir, repoRoot } from './helpers/paths';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost, readArticle } from './helpers/service';
import { waitFor } from './helpers/strapi-webhooks';
import { deliverArticle } from './helpers/webhook';

const PASSWORD = ADMIN_PASSWORD;
// The README's screenshots are rewritten only when asked (UPDATE_SCREENSHOTS=1), so a run leaves a clone
// clean; otherwise the same shots go to a temporary folder (taking them still proves the views render).
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(__dirname, '..', 'docs', 'screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-screenshots-'));
const SETTINGS_PATH = '/admin/settings/article-publisher';
const ACTIVITY_PATH = '/admin/settings/article-publisher-activity';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- shared with scripts/start.js (plain JS)
const { ensureAdminBuilt } = require('../scripts/lib/builds') as {
  ensureAdminBuilt: (options: { quiet: boolean }) => boolean;
};
/** The lock every build of this repository takes (scripts/lib/builds.js). */
const BUILD_LOCK = path.join(os.tmpdir(), 'article-publisher-build.lock');

/** Newest modification time under these paths (as scripts/lib/builds.js decides whether to rebuild). */
function newestMtime(paths: string[]): number {
  let latest = 0;
  const visit = (target: string) => {
    if (!fs.existsSync(target)) return;
    const stat = fs.statSync(target);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) visit(path.join(target, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const adminBuildIsFresh = () => {
  const built = newestMtime([path.join(playgroundDir, 'build', 'index.html')]);
  const sources = [
    path.join(repoRoot, 'dist', 'admin'),
    path.join(playgroundDir, 'src', 'admin'),
    path.join(playgroundDir, 'config'),
  ];
  return built > 0 && newestMtime(sources) <= built;
};

/**
 * Holds the build lock until released. The playground serves the admin straight from playground/build,
 * which a build started elsewhere in this working tree would delete mid-test; while the lock is held,
 * other builds wait instead. Resolves once the lock is taken, with the build known to be fresh.
 */
async function holdFreshAdminBuild(): Promise<{ release: () => Promise<void> }> {
  for (;;) {
    ensureAdminBuilt({ quiet: true });
    const holder = spawn('flock', [BUILD_LOCK, 'sh', '-c', 'echo locked; exec cat'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      holder.stdout.once('data', () => resolve());
      holder.once('exit', (code) => reject(new Error(`flock exited with ${code}`)));
    });
    const release = async () => {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.stdin.end();
      await exited;
    };
    if (adminBuildIsFresh()) return { release };
    await release(); // someone rebuilt the plugin in between: build the admin again
  }
}

/**
 * The browser APIs the page callbacks below use. This file compiles without the DOM lib, which would
 * change the types of Node's own fetch and Headers for the whole project; the callbacks run in Chromium.
 */
interface BrowserElement {
  scrollHeight: number;
  clientHeight: number;
  scrollWidth: number;
  clientWidth: number;
  value?: string;
  scrollIntoView(options: { block: 'center' | 'end' }): void;
  getBoundingClientRect(): { top: number; bottom: number; left: number; right: number };
  closest(selector: string): BrowserElement | null;
  parentElement: BrowserElement | null;
}
interface BrowserGlobals {
  document: {
    activeElement: BrowserElement | null;
    querySelector(selector: string): BrowserElement | null;
    querySelectorAll(selector: string): ArrayLike<BrowserElement>;
    getAnimations(): { playState: string }[];
  };
  navigator: { clipboard: { readText(): Promise<string> } };
  innerWidth: number;
  innerHeight: number;
  getComputedStyle(element: BrowserElement): { overflowX: string };
}

/** Waits until the element is wholly inside the window (the admin scrolls it there, smoothly). */
async function waitUntilWhollyInView(tab: Page, testId: string) {
  await tab.waitForFunction((id) => {
    const globals = globalThis as unknown as BrowserGlobals;
    const box = globals.document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= globals.innerHeight;
  }, testId);
}

/**
 * Scrolls the page just until this button shows at the bottom edge, as a person does before clicking it
 * (Playwright alone would centre it first, which hides whether what it reveals lands below the fold).
 */
async function scrollToBottomEdge(button: Locator) {
  await button.evaluate((element) => (element as unknown as BrowserElement).scrollIntoView({ block: 'end' }));
}

/** Whether this element is the one with the keyboard focus. */
const isFocused = (element: unknown) =>
  element === (globalThis as unknown as BrowserGlobals).document.activeElement;

describe('admin pages in a real browser (Chromium)', () => {
  let site: Playground;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let ownerToken: string;
  let buildLock: { release: () => Promise<void> } | undefined;
  /** The key currently valid (the last one revealed in the page). */
  let currentKey: string;
  let webhookSecret: string;

  const ping = (key: string) =>
    request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': key } });

  /** A fresh browser session logged in through Strapi's login form. */
  async function logIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
    const tab = await context.newPage();
    await tab.goto(`${site.url}/admin/auth/login`);
    await tab.locator('input[name="email"]').fill(email);
    await tab.locator('input[name="password"]').fill(PASSWORD);
    await tab.getByRole('button', { name: 'Login' }).click();
    await tab.waitForURL((url) => !url.pathname.startsWith('/admin/auth/'));
    return { context, page: tab };
  }

  async function openSettings(tab: Page) {
    await tab.goto(`${site.url}${SETTINGS_PATH}`);
    await tab.getByTestId('api-key-status').waitFor();
    await closeStrapiBanner(tab);
  }

  before(async () => {
    buildLock = await holdFreshAdminBuild();
    site = await startPlayground({
      withAdminPanel: true,
      fixtureTypes: ['world-article', 'loose-note'],
      // A scheduled article is looked for every second (the default is a minute).
      pluginConfig: { schedulePollSeconds: 1 },
    });
    ownerToken = await registerSuperAdmin(site.url);
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    await buildLock?.release();
  });

  it('logs the seeded admin in through the login form', async () => {
    ({ context: owner, page } = await logIn('owner@example.com'));
    await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  });

  it('generates a key in the page, copies it, and the service can ping with it', async () => {
    await openSettings(page);
    const generate = page.getByRole('button', { name: 'Generate key' });
    await scrollToBottomEdge(generate);
    await generate.click();
    const revealed = page.getByTestId('revealed-api-key');
    await revealed.waitFor();
    const key = await revealed.inputValue();
    assert.match(key, /^apk_/);
    await waitUntilWhollyInView(page, 'api-key-reveal');
    await page.getByText('A new key was generated').waitFor();

    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Key copied to the clipboard').waitFor();
    assert.equal(
      await page.getByText('A new key was generated').count(),
      0,
      'the new notice replaced the old'
    );
    const clipboard = await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText()
    );
    assert.equal(clipboard, key);

    const response = await ping(key);
    assert.equal(response.status, 200, response.text);
    await page
      .getByTestId('api-key-status')
      .getByText(`ends with …${key.slice(-4)}`)
      .waitFor();
    await page
      .getByTestId('api-key-card')
      .screenshot({ path: path.join(SCREENSHOTS, 'settings-new-key.png') });
  });

  it('regenerates through the confirmation dialog: the old key is refused, the new one accepted', async () => {
    const oldKey = await page.getByTestId('revealed-api-key').inputValue();
    await page.getByRole('button', { name: 'Regenerate key' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('The current key stops working at once.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await page.waitForFunction((previous) => {
      const { document } = globalThis as unknown as BrowserGlobals;
      return document.querySelector('[data-testid="revealed-api-key"]')?.value !== previous;
    }, oldKey);
    const newKey = await page.getByTestId('revealed-api-key').inputValue();
    assert.equal((await ping(oldKey)).status, 403);
    assert.equal((await ping(newKey)).status, 200);
    currentKey = newKey;
  });

  it('generates a webhook secret the same way', async () => {
    const generate = page.getByRole('button', { name: 'Generate secret' });
    await scrollToBottomEdge(generate);
    await generate.click();
    const secret = await page.getByTestId('revealed-webhook-secret').inputValue();
    assert.match(secret, /^[0-9a-f]{64}$/);
    await waitUntilWhollyInView(page, 'webhook-secret-reveal');
    await page
      .getByTestId('webhook-secret-status')
      .getByText(`ends with …${secret.slice(-4)}`)
      .waitFor();
    webhookSecret = secret;
  });

  it('runs the live target check as the field map changes', async () => {
    await page.getByTestId('target-ok').waitFor();
    await page.getByRole('combobox', { name: 'SEO component' }).click();
    await page.getByRole('option', { name: '(none: feature off)' }).click();
    await page.getByTestId('target-degraded').getByText('No SEO component', { exact: false }).waitFor();
    await page.getByTestId('target-card').getByText('Off (fields.seo is empty)', { exact: false }).waitFor();
    await page.getByRole('combobox', { name: 'SEO component' }).click();
    await page.getByRole('option', { name: 'seo (component)' }).click();
    await page.getByTestId('target-ok').waitFor();

    // The category type's slug and parent are detected and used: shown so, as the roles above are.
    const card = page.getByTestId('target-card');
    for (const [label, field] of [
      ['Category slug field', 'slug'],
      ['Parent category relation', 'parent'],
    ]) {
      const select = page.getByRole('combobox', { name: label });
      assert.match((await select.textContent()) ?? '', new RegExp(`^${field}`), label);
    }
    // Each row says what is used and why (#46), the category type too: categories work by detection.
    await card.getByText('Uses parent of api::category.category: detected by its name and type.').waitFor();
    await card.getByText('Uses slug: detected by its name.', { exact: true }).waitFor();
    await card
      .getByText('Uses api::category.category: the type the categories relation points to.')
      .waitFor();
    assert.equal(await card.getByText('(none: feature off)', { exact: false }).count(), 0);
  });

  it('shows the server field error for an invalid post URL template, and saves a valid one', async () => {
    const template = page.getByLabel('Post URL template');
    await template.fill('https://garden.example/blog/');
    await page
      .getByTestId('post-url-preview')
      .getByText('https://garden.example/blog/', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('must contain {slug}, {documentId} or {id}').waitFor();
    assert.equal(await template.getAttribute('aria-invalid'), 'true');
    const siteCard = page.getByTestId('site-card');
    await siteCard.evaluate((card) =>
      (card as unknown as BrowserElement).scrollIntoView({ block: 'center' })
    );
    await siteCard.screenshot({ path: path.join(SCREENSHOTS, 'settings-field-error.png') });

    // Back at the saved value: nothing to save, and the refused attempt's error is gone.
    const save = page.getByRole('button', { name: 'Save' });
    await template.fill('{siteUrl}/blog/{slug}');
    await page
      .getByTestId('post-url-preview')
      .getByText(`http://localhost:${site.port}/blog/my-first-article`)
      .waitFor();
    assert.equal(await save.isDisabled(), true);
    assert.notEqual(await template.getAttribute('aria-invalid'), 'true');

    await template.fill('{siteUrl}/articles/{slug}');
    await save.click();
    await page.getByText('Settings saved').waitFor();
    assert.notEqual(await template.getAttribute('aria-invalid'), 'true');
    assert.equal(await save.isDisabled(), true, 'saved: nothing left to save');

    await openSettings(page);
    assert.equal(await page.getByLabel('Post URL template').inputValue(), '{siteUrl}/articles/{slug}');
    await page.getByTestId('target-ok').waitFor();
  });

  it('shows the CMS address to paste, not the public site URL, and warns about http on that address', async () => {
    await openSettings(page);
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await save.isDisabled(), true, 'nothing changed yet');

    // Each label focuses its own input (the address box and the settings field once shared an id).
    const publicUrl = page.getByTestId('site-card').locator('input[name="siteUrl"]');
    await page.getByText('Public site URL', { exact: true }).click();
    assert.equal(await publicUrl.evaluate(isFocused), true, 'Public site URL label');
    await page.getByText("Site URL for the service (this Strapi's address)", { exact: true }).click();
    assert.equal(await page.getByTestId('endpoint-cmsUrl').evaluate(isFocused), true, 'CMS address label');

    // A headless site: readers are on an https frontend, the service talks to this Strapi.
    await publicUrl.fill('https://www.example.com');
    assert.equal(await save.isDisabled(), false);
    await save.click();
    await page.getByText('Settings saved').waitFor();
    await page
      .getByTestId('post-url-preview')
      .getByText('https://www.example.com/articles/my-first-article')
      .waitFor();

    const cms = site.url; // Strapi has no server.url here: the address this admin reaches it at
    assert.equal(await page.getByTestId('endpoint-cmsUrl').inputValue(), cms);
    assert.equal(await page.getByTestId('endpoint-ping').inputValue(), `${cms}/api/service/v1/ping`);
    assert.equal(
      await page.getByTestId('endpoint-publishPost').inputValue(),
      `${cms}/api/service/v1/publish-post`
    );
    assert.equal(await page.getByTestId('endpoint-webhook').inputValue(), `${cms}/api/service/v1/webhook`);
    // The public URL is https, but the key travels to the CMS over http: the warning stays, naming it.
    await page.getByTestId('cms-http-warning').getByText(`reached at ${cms}, which is not https`).waitFor();

    const pinged = await ping(currentKey);
    assert.equal(pinged.json.site_url, 'https://www.example.com', "ping's site_url stays the public URL");
    const notice = page.getByTestId('feedback');
    await notice.getByRole('button', { name: 'Close' }).click();
    await notice.waitFor({ state: 'detached' });
    await screenshotWholePage(page, path.join(SCREENSHOTS, 'settings.png'));
  });

  it("notes that a WordPress connector works with the CMS address alone, while WordPress's paths are on", async () => {
    await openSettings(page);
    await page
      .getByTestId('wordpress-note')
      .getByText(`works with this Strapi's address alone (${site.url})`)
      .waitFor();
    const wordpressPath = () =>
      request(`${site.url}/wp-json/service/v1/ping`, { headers: { 'X-Service-Key': currentKey } });
    assert.equal((await wordpressPath()).status, 200);

    await page.getByTestId('site-card').getByText("Also answer under WordPress's paths").click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.getByTestId('wordpress-note').waitFor({ state: 'detached' });
    assert.equal((await wordpressPath()).status, 404, 'turned off in the admin');

    await page.getByTestId('site-card').getByText("Also answer under WordPress's paths").click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('wordpress-note').waitFor();
    assert.equal((await wordpressPath()).status, 200, 'and on again');
  });

  it('lists an article published through the API in the activity page, with its warnings', async () => {
    const delivered = await deliverArticle(site.url, webhookSecret, {
      articleId: 1042,
      // A long SEO title: the table must still show its last column at 1440 px.
      title: 'Choosing a garden hose: length, diameter, materials and fittings compared for every garden',
      slug: 'choosing-a-garden-hose',
      html: '<p>Measure first.</p>',
    });
    assert.equal(delivered.status, 200, delivered.text);
    const published = await publishPost(site.url, currentKey, {
      title: 'Watering a lawn in summer',
      slug: 'watering-a-lawn-in-summer',
      status: 'pending',
      content: '<p>Water early.</p><img src="https://127.0.0.1:9/x.png" alt="A sprinkler">',
    });
    assert.equal(published.status, 201, published.text);
    const refused = await request(`${site.url}/api/service/v1/ping`, {
      localAddress: '127.0.0.9',
      headers: { 'X-Service-Key': 'apk_a_wrong_guess' },
    });
    assert.equal(refused.status, 403);

    await page.goto(`${site.url}${ACTIVITY_PATH}`);
    const rows = page.getByTestId('delivery-row');
    const row = rows.and(page.locator('[data-slug="watering-a-lawn-in-summer"]'));
    const webhookRow = rows.and(page.locator('[data-slug="choosing-a-garden-hose"]'));
    await row.waitFor();
    assert.deepEqual(
      await Promise.all((await rows.all()).map((element) => element.getAttribute('data-slug'))),
      ['watering-a-lawn-in-summer', 'choosing-a-garden-hose'],
      'newest first'
    );
    await webhookRow.getByText('Webhook').waitFor();
    await webhookRow.getByText('Published').waitFor();
    await row.getByText('Pending review').waitFor();
    // Images imported apart from reused ones (this one's only image could not be fetched).
    assert.equal(await row.getByTestId('delivery-images').textContent(), '0 imported, 0 reused');
    const link = row.getByTestId('delivery-link');
    assert.equal(
      await link.getAttribute('href'),
      `/admin/content-manager/collection-types/api::article.article/${published.json.document_id}`
    );
    await row.getByTestId('warnings-toggle').click();
    await page
      .getByTestId('warnings-list')
      .getByText('https://127.0.0.1:9/x.png', { exact: false })
      .first()
      .waitFor();
    // Measured with the warnings open, the widest the table gets.
    const lastColumn = await page
      .getByTestId('deliveries-table')
      .locator('th')
      .last()
      .evaluate((header) => {
        const globals = globalThis as unknown as BrowserGlobals;
        const cell = header as unknown as BrowserElement;
        let scroller = cell.parentElement;
        while (scroller && globals.getComputedStyle(scroller).overflowX !== 'auto')
          scroller = scroller.parentElement;
        return {
          right: cell.getBoundingClientRect().right,
          scrollerRight: scroller?.getBoundingClientRect().right ?? 0,
          hiddenWidth: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
          windowWidth: globals.innerWidth,
        };
      });
    assert.equal(lastColumn.windowWidth, 1440);
    assert.equal(lastColumn.hiddenWidth, 0, 'the table fits: nothing to scroll to');
    assert.ok(
      lastColumn.right <= lastColumn.scrollerRight,
      `Warnings column visible: ${JSON.stringify(lastColumn)}`
    );

    // The old key refused above counts too: two clients, one attempt each.
    await page.getByRole('button', { name: /Failed requests: 2 attempts from 2 clients/ }).click();
    const failures = page.getByTestId('auth-failure-row').filter({ hasText: '127.0.0.9' });
    await failures.waitFor();
    assert.equal(await failures.locator('td').nth(1).textContent(), '1');
    // The refused ping is listed beside the deliveries (#46), by door, without the key it presented.
    const refusals = page.getByTestId('refusals');
    const refusal = refusals.getByTestId('refusal-row').filter({ hasText: '127.0.0.9' });
    await refusal.getByText('403 invalid_api_key', { exact: true }).waitFor();
    await refusal.getByText('GET /api/service/v1/ping', { exact: true }).waitFor();
    assert.ok(
      !((await refusals.textContent()) ?? '').includes('apk_a_wrong_guess'),
      'the key is never shown'
    );
    await refusals.getByRole('combobox', { name: 'Door' }).click();
    await page.getByRole('option', { name: 'Custom webhook' }).click();
    await refusals.getByText('No refused request.').waitFor();
    await refusals.getByRole('combobox', { name: 'Door' }).click();
    await page.getByRole('option', { name: 'API', exact: true }).click();
    await refusal.waitFor();
    await page.waitForFunction(() => {
      const { document } = globalThis as unknown as BrowserGlobals;
      return document.getAnimations().every((animation) => animation.playState !== 'running');
    });
    await screenshotWholePage(page, path.join(SCREENSHOTS, 'activity.png'));

    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Webhook', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    await webhookRow.waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending review' }).click();
    await page.getByText('No delivery matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await webhookRow.waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending review' }).click();
    await webhookRow.waitFor({ state: 'detached' });
    await row.waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // The Deliveries filter: three distinct choices, the unset one named "Articles".
    const kind = page.getByRole('combobox', { name: 'Deliveries' });
    assert.equal((await kind.textContent())?.trim(), 'Articles');
    await kind.click();
    const kinds = page.getByRole('option');
    assert.deepEqual(
      (await kinds.allTextContents()).map((text) => text.trim()),
      ['Articles', 'Conformance checks', 'Articles and checks']
    );
    await page.getByRole('option', { name: 'Articles and checks' }).click();
    assert.equal((await kind.textContent())?.trim(), 'Articles and checks');
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();
    await kind.click();
    await page.getByRole('option', { name: 'Articles', exact: true }).click();
    assert.equal((await kind.textContent())?.trim(), 'Articles');
    await page.getByRole('button', { name: 'Clear filters' }).waitFor({ state: 'detached' });

    await link.click();
    await page.waitForURL(
      `**/content-manager/collection-types/api::article.article/${published.json.document_id}**`
    );
  });

  it('shows a scheduled article as "Scheduled for <time>" with "Cancel schedule", which cancels it', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await publishPost(site.url, currentKey, {
      title: 'Mulching in autumn',
      slug: 'mulching-in-autumn',
      status: 'future',
      date: at.toISOString(),
      content: '<p>Later.</p>',
    });
    assert.equal(scheduled.status, 201, scheduled.text);

    await page.goto(`${site.url}${ACTIVITY_PATH}`);
    const row = page.getByTestId('delivery-row').and(page.locator('[data-slug="mulching-in-autumn"]'));
    await row.getByText('Scheduled', { exact: true }).waitFor();
    const note = row.getByTestId('delivery-schedule');
    assert.match((await note.textContent()) ?? '', /^Scheduled for /);
    await row.getByTestId('cancel-schedule').click();
    await row.locator('[data-testid="delivery-schedule"][data-state="cancelled"]').waitFor();
    assert.match((await note.textContent()) ?? '', /^Schedule for .* cancelled/);
    assert.equal(await row.getByTestId('cancel-schedule').count(), 0, 'nothing left to cancel');
    const activity = await request(`${site.url}/article-publisher/activity`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const stored = activity.json.results.find(
      (entry: { slug: string }) => entry.slug === 'mulching-in-autumn'
    );
    assert.equal(stored.schedule.state, 'cancelled');
  });

  it('shows "Published by schedule at <time>" once the schedule has published the article', async () => {
    const slug = 'sowing-in-spring';
    const at = new Date(Date.now() + 2000);
    const scheduled = await publishPost(site.url, currentKey, {
      title: 'Sowing in spring',
      slug,
      status: 'future',
      date: at.toISOString(),
      content: '<p>Soon.</p>',
    });
    assert.equal(scheduled.status, 201, scheduled.text);
    const storedSchedule = async () => {
      const activity = await request(`${site.url}/article-publisher/activity`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      return activity.json.results.find((entry: { slug: string }) => entry.slug === slug).schedule;
    };
    await waitFor(
      'the scheduled publish',
      async () => (await storedSchedule()).state === 'published',
      30_000
    );
    assert.equal((await readArticle(site.url, slug, 'published')).length, 1, 'published');

    await page.goto(`${site.url}${ACTIVITY_PATH}`);
    const row = page.getByTestId('delivery-row').and(page.locator(`[data-slug="${slug}"]`));
    const note = row.locator('[data-testid="delivery-schedule"][data-state="published"]');
    await note.waitFor();
    assert.match((await note.textContent()) ?? '', /^Published by schedule at /);
    assert.equal(await row.getByTestId('cancel-schedule').count(), 0, 'nothing left to cancel');
  });

  it('writes articles in the locale chosen in the settings, and the activity page shows that locale', async () => {
    const contentType = page.getByRole('combobox', { name: 'Content type', exact: true });
    const locale = page.getByRole('combobox', { name: 'Locale', exact: true });
    const save = page.getByRole('button', { name: 'Save' });
    await openSettings(page);
    await contentType.click();
    await page.getByRole('option', { name: 'World article (api::world-article.world-article)' }).click();
    await locale.click();
    await page.getByRole('option', { name: /\(fr\)$/ }).click();
    await save.click();
    await page.getByText('Settings saved').waitFor();

    const published = await publishPost(site.url, currentKey, {
      title: 'Arroser le jardin en été',
      slug: 'arroser-le-jardin',
      status: 'publish',
      content: '<p>Le matin, avant la chaleur.</p>',
    });
    assert.equal(published.status, 201, published.text);
    const french = await request(
      `${site.url}/api/world-articles?locale=fr&filters[slug][$eq]=arroser-le-jardin`
    );
    assert.equal(french.json.data?.[0]?.documentId, published.json.document_id, french.text);
    const english = await request(
      `${site.url}/api/world-articles?locale=en&filters[slug][$eq]=arroser-le-jardin`
    );
    assert.deepEqual(english.json.data, [], 'nothing written in the default locale');

    await page.goto(`${site.url}${ACTIVITY_PATH}`);
    const rows = page.getByTestId('delivery-row');
    const row = rows.and(page.locator('[data-slug="arroser-le-jardin"]'));
    await row.getByTestId('delivery-locale').getByText('fr', { exact: true }).waitFor();
    assert.equal(
      await row.getByTestId('delivery-link').getAttribute('href'),
      `/admin/content-manager/collection-types/api::world-article.world-article/${published.json.document_id}?plugins[i18n][locale]=fr`,
      'the Content Manager opens the French entry'
    );
    const unlocalized = rows.and(page.locator('[data-slug="watering-a-lawn-in-summer"]'));
    assert.equal(
      await unlocalized.getByTestId('delivery-locale').count(),
      0,
      'no badge on a non-localized type'
    );

    // Back to the Article in the default locale, as the tests after this one expect.
    await openSettings(page);
    await contentType.click();
    await page.getByRole('option', { name: 'Article (api::article.article)' }).click();
    await locale.click();
    await page.getByRole('option', { name: /^The site's default locale/ }).click();
    await save.click();
    await page.getByText('Settings saved').waitFor();
  });

  it("groups a delivery's warnings by part and marks one that left out a part a field of its type could take (#47)", async () => {
    const useTarget = async (targetContentType: string) => {
      const saved = await request(`${site.url}/article-publisher/settings`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${ownerToken}` },
        body: { targetContentType },
      });
      assert.equal(saved.status, 200, saved.text);
    };
    await useTarget('api::loose-note.loose-note');
    try {
      const published = await publishPost(site.url, currentKey, {
        title: 'A loose note on hoses',
        slug: 'loose-note-on-hoses',
        status: 'publish',
        content: '<p>Roll the hose up after use.</p>',
        meta_description: 'Roll the hose up after use, and it lasts for years: a note on hose care.',
        focus_keyword: 'hose care',
        category: 'Gardening',
      });
      assert.equal(published.status, 201, published.text);

      await page.goto(`${site.url}${ACTIVITY_PATH}`);
      const row = page.getByTestId('delivery-row').and(page.locator('[data-slug="loose-note-on-hoses"]'));
      await row.waitFor();
      assert.equal(
        (await row.getByTestId('mappable-marker').textContent())?.trim(),
        'Left out, could be mapped: Tags and keywords, SEO'
      );
      const unmarked = page
        .getByTestId('delivery-row')
        .and(page.locator('[data-slug="watering-a-lawn-in-summer"]'));
      assert.equal(await unmarked.getByTestId('mappable-marker').count(), 0);

      await row.getByTestId('warnings-toggle').click();
      const groups = page.getByTestId('warning-group');
      await groups.first().waitFor();
      assert.deepEqual(
        await Promise.all((await groups.all()).map((group) => group.getAttribute('data-part'))),
        ['categories', 'tags', 'seo']
      );
      const seo = groups.and(page.locator('[data-part="seo"]'));
      assert.equal((await seo.locator('h4').textContent())?.trim(), 'SEO');
      await seo.getByText('"blurb" could take it', { exact: false }).waitFor();
    } finally {
      await useTarget('api::article.article');
    }
  });

  it('a role without the permission sees no regenerate button, and the API refuses it (403)', async () => {
    const writerToken = await createAdminWithoutPluginPermissions(site.url, ownerToken);
    await grantPluginActions(site.url, ownerToken, 'Writers', ['settings.read', 'activity.read']);
    const writer = await logIn('writer@example.com');
    try {
      await openSettings(writer.page);
      await writer.page.getByTestId('api-key-no-permission').waitFor();
      await writer.page.getByTestId('settings-read-only').waitFor();
      assert.equal(await writer.page.getByRole('button', { name: 'Regenerate key' }).count(), 0);
      assert.equal(await writer.page.getByRole('button', { name: 'Generate secret' }).count(), 0);
      assert.equal(await writer.page.getByRole('button', { name: 'Save' }).count(), 0);
      assert.equal(await writer.page.getByLabel('Post URL template').isDisabled(), true);
    } finally {
      await writer.context.close();
    }
    const refused = await request(`${site.url}/article-publisher/api-key`, {
      method: 'POST',
      headers: { authorization: `Bearer ${writerToken}` },
    });
    assert.equal(refused.status, 403);
  });
});
