import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD } from './admin';

/** A new browser session of `email` (an admin the helpers created), logged in through Strapi's form. */
export async function logInToAdmin(browser: Browser, siteUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/auth/'));
  return page;
}
