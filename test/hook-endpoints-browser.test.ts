import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { registerSuperAdmin } from './helpers/admin';
import { launchBrowser } from './helpers/browser';
import { openLoggedInAdmin } from './helpers/content-manager';
import { tablesContaining } from './helpers/databases';
import { hookSample, postHook, serviceHeaders } from './helpers/hooks';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';

// docs/screenshots/hook-endpoints.png is rewritten only when asked (UPDATE_SCREENSHOTS=1), as admin-browser's.
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? path.join(__dirname, '..', 'docs', 'screenshots')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'article-publisher-screenshots-'));
const HOOKS_PATH = '/admin/settings/article-publisher-hooks';
const CONFIG_ID = 'config-arvow-0123456789abcdef';

/** The browser APIs the page callbacks use (this file compiles without the DOM lib). */
interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
  document: { body: { innerText: string } };
}

describe('webhook endpoints in the admin (Chromium)', () => {
  let site: Playground;
  let browser: Browser;
  let page: Page;
  const shown: { id: string; secret: string; url: string }[] = [];

  /** Creates an endpoint through the form and reads what the page shows once. */
  async function createThroughForm(fill: () => Promise<void>) {
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const form = page.getByTestId('hook-endpoint-form');
    await form.waitFor();
    await fill();
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    const reveal = page.getByTestId('hook-endpoint-reveal');
    await reveal.waitFor();
    const secret = await page.getByTestId('revealed-hook-secret').inputValue();
    const url = await reveal.locator('input[data-testid^="endpoint-hook-url-"]').first().inputValue();
    const id = url.split('/').at(-1) as string;
    shown.push({ id, secret, url });
    return { id, secret, url };
  }

  const choose = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  before(async () => {
    site = await startPlayground({
      withAdminPanel: true,
      startTimeoutMs: 180_000,
      env: { ARTICLE_PUBLISHER_ALLOW_HTTP: 'true', ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: 'true' },
      pluginConfig: {
        webhookEndpoints: [
          {
            id: CONFIG_ID,
            preset: 'arvow',
            secret: 'config-secret-abcdefghijklmnop',
            name: 'Arvow (infra as code)',
          },
        ],
      },
    });
    await registerSuperAdmin(site.url);
    browser = await launchBrowser();
    ({ page } = await openLoggedInAdmin(browser, site.url));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('leads from the addresses to paste to the endpoints page, where config endpoints are read-only', async () => {
    await page.goto(`${site.url}/admin/settings/article-publisher`);
    await page.getByTestId('hook-endpoints-note').waitFor();
    await page.getByTestId('hook-endpoints-link').click();
    await page.waitForURL((url) => url.pathname === HOOKS_PATH);
    const row = page.getByTestId('hook-endpoint-row').filter({ hasText: 'Arvow (infra as code)' });
    await row.waitFor();
    await row.getByTestId('hook-endpoint-config').waitFor();
    assert.equal(
      await row.getByTestId('hook-endpoint-url').innerText(),
      `${site.url}/api/service/v1/hooks/${CONFIG_ID}`
    );
    assert.equal(
      await row.getByRole('button', { name: /^Edit / }).count(),
      0,
      'no edit on a config endpoint'
    );
    assert.equal(await row.getByRole('button', { name: /^Delete / }).count(), 0);
  });

  it('creates an endpoint, shows its URLs and secret once, copies it, and lists it', async () => {
    const created = await createThroughForm(async () => {
      await page.locator('input[name="hook-name"]').fill('Journalist blog');
      await choose('Service (preset)', 'Journalist AI');
    });
    assert.match(created.secret, /^[0-9a-f]{64}$/);
    assert.match(created.id, /^[A-Za-z0-9_-]{32}$/);
    assert.equal(created.url, `${site.url}/api/service/v1/hooks/${created.id}`);
    const reveal = page.getByTestId('hook-endpoint-reveal');
    assert.equal(
      await reveal.locator(`input[data-testid="endpoint-hook-url-${created.id}-wp0"]`).inputValue(),
      `${site.url}/wp-json/service/v1/hooks/${created.id}`
    );
    await reveal.getByText('X-SECRET', { exact: false }).waitFor();

    const row = page.getByTestId('hook-endpoint-row').filter({ hasText: 'Journalist blog' });
    await row.waitFor();
    assert.equal(await row.getByTestId('hook-endpoint-preset').innerText(), 'Journalist AI');
    await row.getByText(`Secret ending with …${created.secret.slice(-4)}`).waitFor();
    assert.equal(await row.getByTestId('hook-endpoint-last-delivery').innerText(), 'Never');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'hook-endpoints.png'), fullPage: true });

    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied to the clipboard').waitFor();
    const clipboard = await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText()
    );
    assert.equal(clipboard, created.secret);
  });

  it('the shown URL and secret are the ones that work; the secret is never shown again', async () => {
    const { url, secret } = shown[0];
    const body = JSON.parse(hookSample('journalist'));
    delete body.thumbnail;
    body.title = 'Delivered Through an Endpoint Made in the Admin';
    const text = JSON.stringify(body);
    const response = await postHook(url, '', text, serviceHeaders('journalist', text, secret));
    assert.equal(response.status, 200, response.text);
    assert.equal((await readArticle(site.url, 'delivered-through-an-endpoint-made-in-the-admin')).length, 1);

    await page.reload();
    const row = page.getByTestId('hook-endpoint-row').filter({ hasText: 'Journalist blog' });
    await row.waitFor();
    assert.notEqual(await row.getByTestId('hook-endpoint-last-delivery').innerText(), 'Never');
    assert.equal(await page.getByTestId('revealed-hook-secret').count(), 0, 'shown once');
    const pageText = await page.evaluate(
      () => (globalThis as unknown as BrowserGlobals).document.body.innerText
    );
    assert.ok(!pageText.includes(secret));
    assert.deepEqual(await tablesContaining(site.database, secret), [], 'stored encrypted');
  });

  it('a Custom endpoint without auth needs the owner to say so, and maps the paths given', async () => {
    const created = await createThroughForm(async () => {
      await page.locator('input[name="hook-name"]').fill('Homegrown generator');
      await choose('Service (preset)', 'Custom (map the JSON yourself)');
      await choose('Authentication', 'None: the URL is the only secret');
      await page.locator('input[name="hook-articles"]').fill('payload.posts');
      await page.locator('input[name="hook-field-title"]').fill('headline');
      await page.locator('input[name="hook-field-html"]').fill('body.rendered');
      await page
        .getByTestId('hook-endpoint-form')
        .screenshot({ path: path.join(SCREENSHOTS, 'hook-endpoint-custom-form.png') });
      const create = page.getByTestId('hook-endpoint-form').getByRole('button', { name: 'Create endpoint' });
      assert.equal(await create.isDisabled(), true, 'not without saying the URL is the only secret');
      await page.getByRole('checkbox', { name: /No authentication/ }).click();
    });
    await page.getByTestId('hook-endpoint-reveal').getByTestId('hook-endpoint-unauthenticated').waitFor();
    const payload = JSON.stringify({
      payload: {
        posts: [{ headline: 'Mapped From Paths Given in the Admin', body: { rendered: '<p>Mapped.</p>' } }],
      },
    });
    const response = await postHook(created.url, '', payload, {});
    assert.equal(response.status, 200, response.text);
    const [post] = await readArticle(site.url, 'mapped-from-paths-given-in-the-admin');
    assert.ok(post?.content.includes('Mapped.'));
  });

  it('switching an endpoint off makes its URL answer as an unknown one', async () => {
    const { url, secret } = shown[0];
    const row = page.getByTestId('hook-endpoint-row').filter({ hasText: 'Journalist blog' });
    await row.getByRole('switch', { name: 'Enable Journalist blog' }).click();
    await row.getByRole('switch', { name: 'Enable Journalist blog', checked: false }).waitFor();
    const text = JSON.stringify({ title: 'Refused While Off', content: '<p>x</p>' });
    const refused = await postHook(url, '', text, serviceHeaders('journalist', text, secret));
    assert.equal(refused.status, 404, refused.text);
    assert.equal(refused.json.code, 'not_found');
  });
});
