import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, registerSuperAdmin } from './helpers/admin';
import { launchBrowser } from './helpers/browser';
import { openLoggedInAdmin } from './helpers/content-manager';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';

const SETTINGS_PATH = '/admin/settings/article-publisher';
const WORDPRESS_FORMAT = /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/;
const APP_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The browser APIs the page callbacks use (this file compiles without the DOM lib). */
interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
  document: { activeElement: { id: string } | null; body: { innerText: string } };
}

/** The application's own callback: a loopback http server, which WordPress (and the page) accept. */
class CallbackServer {
  readonly received: URL[] = [];
  private readonly server = http.createServer((req, res) => {
    this.received.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/plain' }).end('connected');
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }
}

describe('application passwords in the admin (Chromium)', () => {
  let site: Playground;
  let browser: Browser;
  let page: Page;
  let ownerToken: string;
  let callbackUrl: string;
  /** The WordPress API's users/me with a login and password, as a service connecting this way asks it. */
  const usersMe = (password: string) =>
    request(`${site.url}/wp-json/wp/v2/users/me`, {
      headers: {
        authorization: `Basic ${Buffer.from(`owner@example.com:${password}`).toString('base64')}`,
      },
    });
  const callback = new CallbackServer();
  const passwords: string[] = [];

  const listed = async () =>
    (
      await request(`${site.url}/article-publisher/application-passwords`, {
        headers: { authorization: `Bearer ${ownerToken}` },
      })
    ).json.passwords as { id: number; name: string; login: string; appId: string | null }[];

  const authorizePage = (query: Record<string, string>) =>
    `${site.url}${SETTINGS_PATH}/authorize-application?${new URLSearchParams(query).toString()}`;

  before(async () => {
    callbackUrl = await callback.start();
    site = await startPlayground({ withAdminPanel: true, startTimeoutMs: 180_000 });
    ownerToken = await registerSuperAdmin(site.url);
    browser = await launchBrowser();
    ({ page } = await openLoggedInAdmin(browser, site.url));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    await callback.stop();
  });

  it('shows the WordPress addresses to paste: the site address, the username and the password button', async () => {
    await page.goto(`${site.url}${SETTINGS_PATH}`);
    const wordpress = page.getByTestId('wordpress-connection');
    await wordpress.waitFor();
    await wordpress.getByText("n8n's WordPress node", { exact: false }).waitFor();
    assert.equal(await page.getByTestId('endpoint-wordpressSiteUrl').inputValue(), site.url);
    await page.getByTestId('endpoint-wordpressLogin').waitFor();
    assert.equal(await page.getByTestId('endpoint-wordpressLogin').inputValue(), 'owner@example.com');
    await wordpress.getByRole('button', { name: 'Create an application password' }).click();
    await page.waitForFunction(
      () =>
        (globalThis as unknown as BrowserGlobals).document.activeElement?.id === 'application-password-name'
    );
  });

  it('creates a password shown once, copies it, and lists it with its username', async () => {
    await page.locator('#application-password-name').fill('KwikScale');
    await page.getByRole('button', { name: 'Create application password' }).click();
    const revealed = page.getByTestId('revealed-application-password');
    await revealed.waitFor();
    const password = await revealed.inputValue();
    passwords.push(password);
    assert.match(password, WORDPRESS_FORMAT);
    await page
      .getByTestId('application-password-reveal')
      .getByText('owner@example.com', { exact: false })
      .waitFor();

    await page.getByRole('button', { name: 'Copy password' }).click();
    await page.getByText('Password copied to the clipboard').waitFor();
    const clipboard = await page.evaluate(() =>
      (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText()
    );
    assert.equal(clipboard, password);

    const row = page.getByTestId('application-password-row').filter({ hasText: 'KwikScale' });
    await row.waitFor();
    assert.equal(await row.getByTestId('application-password-login').innerText(), 'owner@example.com');
    await row.getByText('Never').first().waitFor();

    const stored = (await tableRows(site.database, 'article_publisher_application_passwords')).find(
      (entry) => entry.name === 'KwikScale'
    );
    assert.equal(
      stored?.password_hash,
      sha256(password.replaceAll(' ', '')),
      'the shown password is the real one'
    );

    await page.reload();
    await page.getByTestId('application-password-row').filter({ hasText: 'KwikScale' }).waitFor();
    assert.equal(await page.getByTestId('revealed-application-password').count(), 0, 'shown once');
    const text = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.body.innerText);
    assert.ok(!text.includes(password) && !text.includes(password.replaceAll(' ', '')));

    // The password the page showed is the one the WordPress API takes.
    const me = await usersMe(password);
    assert.equal(me.status, 200, me.text);
  });

  it('revokes a password through the confirmation dialog', async () => {
    const row = page.getByTestId('application-password-row').filter({ hasText: 'KwikScale' });
    await row.getByRole('button', { name: 'Revoke KwikScale' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('refused at once', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('KwikScale was revoked').waitFor();
    await page.getByTestId('application-passwords-empty').waitFor();
    assert.deepEqual(await listed(), []);
    const refused = await usersMe(passwords[0]);
    assert.equal(refused.status, 401, 'a revoked password is refused');
  });

  it('approves an application through the authorize-application page and sends it to success_url', async () => {
    await page.goto(
      authorizePage({
        app_name: 'Ghost Writr',
        app_id: APP_ID,
        success_url: `${callbackUrl}/connected?state=abc`,
        reject_url: `${callbackUrl}/refused`,
      })
    );
    await page
      .getByText('Would you like to give Ghost Writr an application password?', { exact: false })
      .waitFor();
    await page
      .getByTestId('authorize-application-destination')
      .getByText(new URL(callbackUrl).host, { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Yes, I approve of this connection' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${callbackUrl}/connected`));

    // The browser also asks the callback host for /favicon.ico.
    const arrived = callback.received.find((url) => url.pathname === '/connected');
    assert.ok(arrived);
    assert.equal(arrived.searchParams.get('state'), 'abc', "the application's own query is kept");
    assert.equal(arrived.searchParams.get('site_url'), site.url);
    assert.equal(arrived.searchParams.get('user_login'), 'owner@example.com');
    const password = arrived.searchParams.get('password') ?? '';
    passwords.push(password);
    assert.match(password, /^[A-Za-z0-9]{24}$/, 'unchunked, as WordPress sends it');

    const [entry] = await listed();
    assert.deepEqual(
      { name: entry.name, login: entry.login, appId: entry.appId },
      { name: 'Ghost Writr', login: 'owner@example.com', appId: APP_ID }
    );
    const stored = (await tableRows(site.database, 'article_publisher_application_passwords')).find(
      (row) => row.name === 'Ghost Writr'
    );
    assert.equal(stored?.password_hash, sha256(password), 'the password sent is the one stored');
  });

  it("sends a logged-out admin through Strapi's login back to the request, and a refusal to reject_url", async () => {
    const before = (await listed()).length;
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
    const fresh = await context.newPage();
    await fresh.goto(
      authorizePage({
        app_name: 'SEOmatic',
        success_url: `${callbackUrl}/connected`,
        reject_url: `${callbackUrl}/refused?from=seomatic`,
      })
    );
    await fresh.waitForURL((url) => url.pathname === '/admin/auth/login');
    await fresh.locator('input[name="email"]').fill('owner@example.com');
    await fresh.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await fresh.getByRole('button', { name: 'Login' }).click();
    await fresh
      .getByText('Would you like to give SEOmatic an application password?', { exact: false })
      .waitFor();
    await fresh.getByRole('button', { name: 'No, I do not approve of this connection' }).click();
    await fresh.waitForURL((url) => url.href.startsWith(`${callbackUrl}/refused`));
    await context.close();
    const refused = callback.received.filter((url) => url.pathname === '/refused').at(-1);
    assert.equal(refused?.searchParams.get('success'), 'false');
    assert.equal(refused?.searchParams.get('from'), 'seomatic');
    assert.equal((await listed()).length, before);
  });

  it('refuses a success_url that is not https (nor a loopback address), saying why', async () => {
    const before = (await listed()).length;
    await page.goto(authorizePage({ app_name: 'Sneaky', success_url: 'http://collector.example/steal' }));
    const problems = page.getByTestId('authorize-application-problems');
    await problems.getByText('The success URL must be served over a secure connection (https).').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Yes, I approve of this connection' }).count(), 0);
    assert.equal((await listed()).length, before);
  });

  it('never writes a password or its digest to the log', () => {
    for (const password of passwords) {
      const bare = password.replaceAll(' ', '');
      assert.ok(!site.output().includes(bare), 'a password in the log');
      assert.ok(!site.output().includes(sha256(bare)), 'a digest in the log');
    }
    assert.equal(passwords.length, 2);
  });
});
