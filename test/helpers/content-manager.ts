import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD } from './admin';

/** How long a busy machine may take to finish the Content Manager's loading indicators. */
const LOADING_TIMEOUT_MS = 30_000;

/**
 * No danger notification and no error boundary on a Content Manager page. The design system's loader
 * also has role=alert ("Loading…"); it is waited out first, since it is no error.
 */
export async function assertNoErrorShown(page: Page, what: string) {
  await page
    .locator('[role="alert"]', { hasText: /^\s*Loading/ })
    .first()
    .waitFor({ state: 'detached', timeout: LOADING_TIMEOUT_MS });
  const alerts = (await page.locator('[role="alert"]').allTextContents())
    .map((text) => text.trim())
    .filter(Boolean);
  assert.deepEqual(alerts, [], `no error notification for ${what}`);
  for (const text of ['Something went wrong', "This screen couldn't be loaded", 'An error occurred']) {
    assert.equal(await page.getByText(text).count(), 0, `"${text}" is not shown for ${what}`);
  }
}

/**
 * A page of the admin, logged in as the owner `registerSuperAdmin` created, that records uncaught page
 * errors. The wait limit is generous: the admin bundle is large and other playgrounds may be booting.
 */
export async function openLoggedInAdmin(
  browser: Browser,
  baseUrl: string
): Promise<{ page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${baseUrl}/admin/auth/login`);
  await page.locator('input[name="email"]').fill('owner@example.com');
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/auth/'));
  return { page, pageErrors };
}

/** How much of a page's text a failure report carries. */
const PAGE_TEXT_SHOWN = 1500;

/**
 * Runs a browser check; when it fails, the error says where the page was and what it showed, so that a
 * failure in a long CI log can be read without a screenshot.
 */
export async function checkingPage(page: Page, what: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 5_000 })
      .catch((reason: Error) => `(the page's text could not be read: ${reason.message})`);
    const shown = text.replace(/\s+/g, ' ').slice(0, PAGE_TEXT_SHOWN);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${what}: ${message}\n  page: ${page.url()}\n  it showed: ${shown}`, { cause: error });
  }
}
