import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { registerSuperAdmin } from './helpers/admin';
import { launchBrowser } from './helpers/browser';
import { checkingPage, openLoggedInAdmin } from './helpers/content-manager';
import { customHookOptions, hookSample, postHook, serviceHeaders } from './helpers/hooks';
import { request } from './helpers/http';
import {
  closeStrapiBanner,
  cutOffProblems,
  lineCount,
  notFullyVisible,
  screenshotWholePage,
} from './helpers/page-layout';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost } from './helpers/service';
import { deliverArticle } from './helpers/webhook';

/**
 * Issue 60: the plugin's admin pages stay usable on a 1280 px wide screen. Each page is opened at
 * 1280x800 with content that makes it wide (long URLs and names, a long preset label, a Custom endpoint,
 * a delivery's warnings open, a token's configurations shown), photographed, and checked: nothing of the
 * page's content reaches past the window or its card, nothing scrolls sideways, every action button of
 * the endpoints table can be seen and clicked, and an endpoint's URL takes at most two lines.
 */
const VIEWPORT = { width: 1280, height: 800 };
// Never committed: the shots go to a temporary folder, named in the test's output.
const SCREENSHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-1280-'));
// A long host, as a real site's CMS address is (Chromium sends every *.localhost name to this machine):
// the page's origin is the address the admin shows in every URL to paste.
const LONG_HOST = 'cms.garden-and-lawn-care-journal.localhost';
// A config endpoint's id is the owner's choice (16 to 128 characters): this one is longer than the admin's.
const CONFIG_ID = 'config-outrank-main-site-0123456789abcdef';
const SETTINGS_PATH = '/admin/settings/article-publisher';
const HOOKS_PATH = '/admin/settings/article-publisher-hooks';
const ACTIVITY_PATH = '/admin/settings/article-publisher-activity';

describe('the admin pages at 1280 px (Chromium)', () => {
  let site: Playground;
  let browser: Browser;
  let page: Page;
  let ownerToken: string;
  /** The admin's address as the browser reaches it: the long host, on the playground's port. */
  let adminUrl: string;

  const admin = (route: string, options: { method?: string; body?: unknown } = {}) =>
    request(`${site.url}/article-publisher${route}`, {
      ...options,
      headers: { authorization: `Bearer ${ownerToken}` },
    });

  /** Photographs the page and asserts nothing of its content is cut off. */
  async function assertNothingCutOff(t: TestContext, file: string) {
    assert.deepEqual(page.viewportSize(), VIEWPORT);
    const problems = await cutOffProblems(page);
    const shot = path.join(SCREENSHOTS, file);
    await screenshotWholePage(page, shot);
    t.diagnostic(`screenshot: ${shot}`);
    assert.deepEqual(problems, [], `cut off at ${VIEWPORT.width} px (see ${shot})`);
  }

  before(async () => {
    site = await startPlayground({
      withAdminPanel: true,
      startTimeoutMs: 180_000,
      env: { PLAYGROUND_MCP: 'true' },
      pluginConfig: {
        webhookEndpoints: [
          {
            id: CONFIG_ID,
            preset: 'outrank',
            secret: 'config-secret-abcdefghijklmnop',
            name: 'Outrank (config)',
          },
        ],
      },
    });
    ownerToken = await registerSuperAdmin(site.url);
    adminUrl = `http://${LONG_HOST}:${site.port}`;
    browser = await launchBrowser();
    ({ page } = await openLoggedInAdmin(browser, adminUrl));
    await page.setViewportSize(VIEWPORT);
    // Strapi's own announcement is no part of the plugin's pages; closed once, it stays closed.
    await page.goto(`${adminUrl}${SETTINGS_PATH}`);
    await page.getByTestId('api-key-status').waitFor();
    await closeStrapiBanner(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: adminUrl });
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('the settings page, with a new key, an application password and an agent’s token shown', async (t) => {
    const created = await admin('/application-passwords', {
      method: 'POST',
      body: { name: 'KwikScale (garden-and-lawn-care-journal.example.com, weekly posts)' },
    });
    assert.equal(created.status, 201, created.text);
    await page.goto(`${adminUrl}${SETTINGS_PATH}`);
    await checkingPage(page, 'the settings page', async () => {
      await page.getByTestId('api-key-status').waitFor();
      await page.getByRole('button', { name: 'Generate key' }).click();
      await page.getByTestId('revealed-api-key').waitFor();
      await page.getByTestId('application-password-row').first().waitFor();
      await page.locator('#agent-token-name').fill('Claude Desktop on the editor’s laptop');
      await page.getByTestId('agent-create').click();
      await page.getByTestId('agent-snippet-sdk').waitFor();
      assert.equal(
        await page.getByTestId('endpoint-cmsUrl').inputValue(),
        adminUrl,
        'the long address is the one shown'
      );
    });
    await assertNothingCutOff(t, 'settings.png');
  });

  it('the webhook endpoints page: every action button shows, and each URL takes at most two lines', async (t) => {
    for (const body of [
      { name: 'Outrank: garden and lawn care journal', preset: 'outrank' },
      { name: 'Article service (signed webhook)', preset: 'contract' },
      { name: 'Homegrown generator (Custom mapping)', preset: 'custom', options: customHookOptions() },
    ]) {
      const response = await admin('/hook-endpoints', { method: 'POST', body });
      assert.equal(response.status, 201, response.text);
      if (body.preset === 'outrank') {
        // A delivery, so that its row shows a date under "Last delivery", wider than "Never".
        const text = hookSample('outrank');
        const delivered = await postHook(
          site.url,
          `/api/service/v1/hooks/${response.json.endpoint.id}`,
          text,
          serviceHeaders('outrank', text, response.json.secret)
        );
        assert.ok(delivered.status < 300, delivered.text);
      }
    }
    await page.goto(`${adminUrl}${HOOKS_PATH}`);
    const rows = page.getByTestId('hook-endpoint-row');
    await checkingPage(page, 'the endpoints page', async () => {
      await rows.filter({ hasText: 'Homegrown generator' }).waitFor();
      await rows.filter({ hasText: 'Outrank (config)' }).waitFor();
      assert.equal(await rows.count(), 4);
    });
    await assertNothingCutOff(t, 'hook-endpoints.png');

    for (const row of await rows.all()) {
      const url = row.getByTestId('hook-endpoint-url');
      const shown = await url.innerText();
      assert.ok(shown.startsWith(`${adminUrl}/api/service/v1/hooks/`), shown);
      const lines = await lineCount(url);
      assert.ok(lines <= 2, `${shown} takes ${lines} lines`);
      const actions = row.locator('td').last().getByRole('button');
      assert.ok((await actions.count()) >= 1, 'every row has its addresses button');
      for (const action of await actions.all()) {
        const label = await action.getAttribute('aria-label');
        assert.equal(await notFullyVisible(page, action), null, `${label} on ${shown}`);
      }
    }
    // The buttons do what they say at this width too: the addresses open.
    const custom = rows.filter({ hasText: 'Homegrown generator' });
    await custom.getByRole('button', { name: /^Addresses of / }).click();
    await page.getByRole('dialog').getByText('Addresses of Homegrown generator', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The delivery inspector below the table, one delivery open with its payload beside its field map.
    await page.getByRole('button', { name: 'Deliveries of Outrank: garden and lawn care journal' }).click();
    await checkingPage(page, 'the delivery inspector', async () => {
      await page.getByTestId('inspected-delivery').first().getByTestId('open-delivery').click();
      await page.getByTestId('delivery-details').getByTestId('field-map-row').first().waitFor();
    });
    await assertNothingCutOff(t, 'hook-inspector.png');
  });

  it('the activity page, with deliveries of every door, a schedule, a queued delivery and warnings open', async (t) => {
    const key = (await admin('/api-key', { method: 'POST' })).json.key as string;
    const secret = (await admin('/webhook-secret', { method: 'POST', body: {} })).json.secret as string;
    const slug = 'choosing-a-garden-hose-length-diameter-materials-and-fittings-compared-for-every-garden';
    // Its image cannot be fetched (no server on port 9): a warning with a long URL on its row.
    const published = await publishPost(site.url, key, {
      title: 'Choosing a garden hose: length, diameter, materials and fittings compared for every garden',
      slug,
      status: 'pending',
      content: `<p>Measure first.</p><img src="https://127.0.0.1:9/images/${'very-long-image-name-'.repeat(4)}.png" alt="A hose">`,
    });
    assert.equal(published.status, 201, published.text);
    const delivered = await deliverArticle(site.url, secret, {
      articleId: 1042,
      title: 'Watering a lawn in summer',
      slug: 'watering-a-lawn-in-summer',
      html: '<p>Water early.</p>',
    });
    assert.equal(delivered.status, 200, delivered.text);
    const scheduled = await publishPost(site.url, key, {
      title: 'Mulching in autumn',
      slug: 'mulching-in-autumn',
      status: 'future',
      date: new Date(Date.now() + 86_400_000).toISOString(),
      content: '<p>Later.</p>',
    });
    assert.equal(scheduled.status, 201, scheduled.text);
    // A queued service's delivery (BabyLoveGrowth's), listed under the queued deliveries.
    const queued = await admin('/hook-endpoints', {
      method: 'POST',
      body: { name: 'BabyLoveGrowth: garden and lawn care journal', preset: 'babylovegrowth' },
    });
    assert.equal(queued.status, 201, queued.text);
    const sample = hookSample('babylovegrowth');
    const accepted = await postHook(
      site.url,
      `/api/service/v1/hooks/${queued.json.endpoint.id}`,
      sample,
      serviceHeaders('babylovegrowth', sample, queued.json.secret)
    );
    assert.ok(accepted.status < 300, accepted.text);
    const refused = await request(`${site.url}/api/service/v1/ping`, {
      headers: { 'X-Service-Key': 'apk_a_wrong_guess' },
    });
    assert.equal(refused.status, 403);

    await page.goto(`${adminUrl}${ACTIVITY_PATH}`);
    await checkingPage(page, 'the activity page', async () => {
      const row = page.getByTestId('delivery-row').and(page.locator(`[data-slug="${slug}"]`));
      await row.getByTestId('warnings-toggle').click();
      await page
        .getByTestId('warnings-list')
        .getByText('very-long-image-name', { exact: false })
        .first()
        .waitFor();
      await page.getByTestId('refusal-row').first().waitFor();
      await page.getByTestId('hook-queue-row').first().waitFor();
      await page.getByTestId('delivery-schedule').first().waitFor();
    });
    await assertNothingCutOff(t, 'activity.png');
  });

  it('the authorize-application page', async (t) => {
    const query = new URLSearchParams({
      app_name: 'Ghost Writr (garden and lawn care journal, weekly articles)',
      app_id: '3f1c2b7e-9d4a-4c1e-8b2f-6a5d0e9c7b31',
      success_url:
        'https://app.ghostwritr.example.com/integrations/wordpress/connected?state=abcdef0123456789',
      reject_url: 'https://app.ghostwritr.example.com/integrations/wordpress/refused',
    });
    await page.goto(`${adminUrl}${SETTINGS_PATH}/authorize-application?${query.toString()}`);
    await checkingPage(page, 'the authorize-application page', async () => {
      await page.getByRole('button', { name: 'Yes, I approve of this connection' }).waitFor();
    });
    await assertNothingCutOff(t, 'authorize-application.png');
  });
});
