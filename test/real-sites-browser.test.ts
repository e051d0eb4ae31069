import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { assertNoErrorShown, checkingPage, openLoggedInAdmin } from './helpers/content-manager';
import { launchBrowser } from './helpers/browser';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import { realisticArticle, SiteAdmin, startRealSite } from './helpers/real-sites';
import { publishPost } from './helpers/service';

/** Issue #13: the Content Manager opens what the plugin wrote into each body format, without an error. */
const KEY = 'apk_real-browser-0123456789abcdef';
const TITLE = 'How to Choose a Garden Hose: Length, Material and Fittings';

const TARGETS = [
  { uid: 'api::md-post.md-post', format: 'markdown' },
  { uid: 'api::launch-article.launch-article', format: 'blocks' },
  { uid: 'api::blog-article.blog-article', format: 'zone' },
  { uid: 'api::corporate-article.corporate-article', format: 'zone with a video component' },
  { uid: 'api::ck-article.ck-article', format: 'an HTML editor custom field' },
];

describe('real sites in the Content Manager (Chromium)', () => {
  let site: Playground;
  let browser: Browser | undefined;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const entries: { uid: string; format: string; documentId: string }[] = [];

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: 'all',
      withAdminPanel: true,
      pluginConfig: { targetContentType: 'api::md-post.md-post' },
      startTimeoutMs: 240_000,
    });
    admin = await SiteAdmin.register(site.url);
    for (const target of TARGETS) {
      await admin.useTarget(target.uid);
      const response = await publishPost(site.url, KEY, realisticArticle(images));
      assert.equal(response.status, 201, `${target.uid}: ${response.text}`);
      entries.push({ ...target, documentId: response.json.document_id });
    }
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    await images.stop();
  });

  it('opens the markdown, blocks, zone and HTML-editor entries without an error', async () => {
    browser = await launchBrowser();
    const { page, pageErrors } = await openLoggedInAdmin(browser, site.url);

    for (const entry of entries) {
      await checkingPage(page, `the Content Manager's ${entry.format} entry`, async () => {
        await page.goto(
          `${site.url}/admin/content-manager/collection-types/${entry.uid}/${entry.documentId}`
        );
        const title = page.locator('input[name="title"]');
        await title.waitFor();
        assert.equal(await title.inputValue(), TITLE, entry.format);
        await page.waitForLoadState('networkidle');
        await assertNoErrorShown(page, entry.format);
      });
    }
    assert.deepEqual(pageErrors, []);
  });

  it('the settings page shows the fields that could each take a role, the chosen one first (#61)', async () => {
    await admin.useTarget('api::mosaic-article.mosaic-article');
    browser ??= await launchBrowser();
    const { page, pageErrors } = await openLoggedInAdmin(browser, site.url);
    await page.goto(`${site.url}/admin/settings/article-publisher`);
    const candidates = page.getByTestId('target-candidates');
    await candidates.waitFor();
    assert.match(await candidates.innerText(), /cover: rectangularImage, squareImage/);
    assert.deepEqual(pageErrors, []);
  });
});
