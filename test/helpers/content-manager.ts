import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

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
