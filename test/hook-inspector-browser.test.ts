import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Response } from 'playwright-core';
import { registerSuperAdmin } from './helpers/admin';
import { launchBrowser } from './helpers/browser';
import { openLoggedInAdmin } from './helpers/content-manager';
import { postHook } from './helpers/hooks';
import { request } from './helpers/http';
import { ImageServer, makeImage } from './helpers/image-server';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

// docs/screenshots/hook-inspector.png is rewritten only when asked (UPDATE_SCREENSHOTS=1), as admin-browser's.
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(__dirname, '..', 'docs', 'screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-screenshots-'));
const HOOKS_PATH = '/admin/settings/article-publisher-hooks';
/** What the service sends beside its article that must never be shown. */
const SERVICE_KEY = 'sk_live_browser_0123456789';
const IMAGE_TOKEN = 'IMGTOKENBROWSER0123456789';

/** The browser APIs the page callbacks use (this file compiles without the DOM lib). */
interface BrowserGlobals {
  document: { body: { innerText: string; innerHTML: string } };
}

describe('the delivery inspector in the admin (Chromium, issue #59)', () => {
  let site: Playground;
  let browser: Browser;
  let page: Page;
  let secret = '';
  let endpointId = '';
  const images = new ImageServer();
  /** Every answer of the plugin's admin API the page received, to prove none holds a secret. */
  const adminAnswers: Promise<string>[] = [];

  before(async () => {
    await images.start();
    images.file('/browser/cover.jpg', await makeImage('jpeg', 320, 200, 5), 'image/jpeg');
    site = await startPlayground({
      withAdminPanel: true,
      startTimeoutMs: 180_000,
      env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
      pluginConfig: { hookQueue: { pollMs: 200 } },
    });
    const token = await registerSuperAdmin(site.url);
    // The owner's endpoint maps the title at `headline`; the service sends `name`.
    const created = await request(`${site.url}/article-publisher/hook-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: {
        name: 'Our service',
        preset: 'custom',
        options: {
          auth: { kind: 'header', header: 'X-Custom-Token' },
          fields: { title: 'headline', html: 'body', imageUrl: 'cover' },
        },
      },
    });
    assert.equal(created.status, 201, created.text);
    endpointId = created.json.endpoint.id;
    secret = created.json.secret;
    const body = JSON.stringify({
      name: 'Inspected in a browser',
      body: '<p>The article as the service sent it.</p>',
      cover: `${images.url}/browser/cover.jpg?token=${IMAGE_TOKEN}`,
      api_key: SERVICE_KEY,
    });
    const refused = await postHook(site.url, `/api/service/v1/hooks/${endpointId}`, body, {
      'X-Custom-Token': secret,
    });
    assert.equal(refused.status, 400, refused.text);

    browser = await launchBrowser();
    ({ page } = await openLoggedInAdmin(browser, site.url));
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname.startsWith('/article-publisher/'))
        adminAnswers.push(response.text().catch(() => ''));
    });
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    await images.stop();
  });

  const inspector = () => page.getByTestId('delivery-inspector');
  const rowWithStatus = (status: string) =>
    inspector()
      .getByTestId('inspected-delivery')
      .filter({ has: page.locator(`[data-status="${status}"]`) });

  it('opens an endpoint’s deliveries and shows a refused one’s redacted payload beside its field map', async () => {
    await page.goto(`${site.url}${HOOKS_PATH}`);
    await page.getByRole('button', { name: 'Deliveries of Our service' }).click();
    await inspector().waitFor();
    const refused = rowWithStatus('failed');
    await refused.waitFor();
    await refused.getByText(/title/).first().waitFor();
    await refused.getByTestId('open-delivery').click();
    const details = page.getByTestId('delivery-details');
    await details.waitFor();
    const payload = await details.getByTestId('delivery-payload').innerText();
    assert.match(payload, /Inspected in a browser/);
    assert.equal(payload.includes(SERVICE_KEY), false, 'the service key is redacted');
    assert.equal(payload.includes(IMAGE_TOKEN), false, 'the signed URL’s token is redacted');
    const nameRow = details.getByTestId('field-map-row').filter({ hasText: /^name/ });
    assert.match(await nameRow.getByTestId('field-map-target').innerText(), /not used/);
    const bodyRow = details.getByTestId('field-map-row').filter({ hasText: /^body/ });
    assert.equal(await bodyRow.getByTestId('field-map-target').innerText(), 'body');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'hook-inspector.png'), fullPage: true });
  });

  it('after the mapping is fixed in the form, the failed delivery processed again lands', async () => {
    await page.getByRole('button', { name: 'Edit Our service' }).click();
    const form = page.getByTestId('hook-endpoint-form');
    await form.waitFor();
    await form.locator('input[name="hook-field-title"]').fill('name');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    await rowWithStatus('failed').getByTestId('open-delivery').click();
    const details = page.getByTestId('delivery-details');
    const nameRow = details.getByTestId('field-map-row').filter({ hasText: /^name/ });
    await nameRow.getByTestId('field-map-target').getByText('title', { exact: true }).waitFor();
    await details.getByTestId('delivery-again').click();

    const landed = rowWithStatus('done');
    await landed.waitFor({ timeout: 60_000 });
    await landed.getByText('run again').waitFor();
    const link = landed.getByTestId('delivery-post');
    assert.match(
      String(await link.getAttribute('href')),
      /content-manager\/collection-types\/api::article\.article\//
    );
    const [article] = await readArticle(site.url, 'inspected-in-a-browser');
    assert.ok(article, 'the post landed');
    assert.ok(article.cover, 'with its cover, fetched from the URL as received');
  });

  it('runs the preset’s sample as a dry run and shows what would land, writing nothing', async () => {
    await page.getByTestId('send-sample').click();
    const result = page.getByTestId('sample-result');
    await result.waitFor();
    // The Custom endpoint's own mapping (title at `name`) meets the sample: refused, saying why.
    await result.getByTestId('sample-refused').waitFor();
    assert.match(await result.getByTestId('sample-refused').innerText(), /title/);
    await result.getByTestId('delivery-field-map').waitFor();
    const deliveries = await inspector().getByTestId('inspected-delivery').count();
    assert.equal(deliveries, 2, 'the sample is not a delivery');
  });

  it('no secret appears in the page or in the admin API’s answers', async () => {
    const html = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.body.innerHTML);
    for (const hidden of [SERVICE_KEY, IMAGE_TOKEN, secret]) {
      assert.equal(html.includes(hidden), false, `the page never shows ${hidden.slice(0, 8)}…`);
      for (const answer of await Promise.all(adminAnswers))
        assert.equal(answer.includes(hidden), false, `no admin answer holds ${hidden.slice(0, 8)}…`);
    }
    assert.ok(adminAnswers.length > 3, 'the page’s answers were read');
  });
});
