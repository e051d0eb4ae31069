import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ImageServer } from './helpers/image-server';
import type { Playground } from './helpers/playground';
import {
  readEntries,
  realisticArticle,
  REALISTIC,
  SiteAdmin,
  startRealSite,
  type Entry,
} from './helpers/real-sites';
import { publishPost } from './helpers/service';

/**
 * Issue #61: text only into text sections of a dynamic zone. A landing post's body is a zone of page
 * sections (a hero, a job offer, a call to action, feature columns shaped like a text) and one rich text
 * section: the article goes into rich text sections only. A campaign page's zone has page sections
 * only: the article is refused, each section named with why, and nothing written.
 */
const KEY = 'apk_zone-sections-0123456789abcdef';
const ZONE = { 'populate[body][populate]': '*' };

describe('real sites: text only into text sections of a dynamic zone (#61)', () => {
  let site: Playground;
  let admin: SiteAdmin;
  const images = new ImageServer();
  const publish = (body: unknown) => publishPost(site.url, KEY, body);

  before(async () => {
    site = await startRealSite(images, KEY, {
      fixtureTypes: ['landing-post', 'campaign-page'],
      pluginConfig: { targetContentType: 'api::landing-post.landing-post' },
    });
    admin = await SiteAdmin.register(site.url);
  });
  after(async () => {
    await site?.stop();
    await images.stop();
  });

  it("a landing post: the article's paragraphs land in rich text sections only, no hero, job offer, call to action or feature columns", async () => {
    await admin.useTarget('api::landing-post.landing-post');
    const published = await publish(realisticArticle(images));
    assert.equal(published.status, 201, published.text);
    const [entry] = await readEntries(site.url, 'landing-posts', { slug: REALISTIC.slug }, ZONE);
    const kinds: string[] = entry.body.map((section: Entry) => section.__component);
    assert.ok(kinds.length > 0, published.text);
    assert.deepEqual([...new Set(kinds)], ['sections.rich-text'], kinds.join(', '));
    const text = entry.body.map((section: Entry) => section.body as string).join('\n\n');
    assert.match(text, /^## Why the right garden hose matters/);
    // The article's paragraphs, each in a rich text section.
    assert.match(text, /garden hose/i);
    assert.ok(text.split('\n\n').length > 5, text);
  });

  it('a campaign page of page sections only: refused with each section named and why, nothing written', async () => {
    await admin.useTarget('api::campaign-page.campaign-page');
    const refused = await publish(realisticArticle(images, { slug: 'hose-campaign' }));
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.json.code, 'target_unfillable', refused.text);
    const message: string = refused.json.message;
    assert.match(message, /"body" is a dynamic zone without a component that can hold the article text/);
    for (const [uid, why] of [
      ['sections.hero', 'it is named like a part of a page (hero), not of an article'],
      ['sections.hiring', 'it is named like a part of a page (hiring), not of an article'],
      ['sections.call-to-action', 'it is named like a part of a page (call to action), not of an article'],
      [
        'sections.feature-columns',
        'its name says no section of text (rich text, Markdown, paragraph, quote, figure, media), so it is left alone',
      ],
    ])
      assert.ok(
        message.includes(`The zone's component "${uid}" is not used for the article text: ${why}.`),
        message
      );
    const everyEntry = [
      ...(await readEntries(site.url, 'campaign-pages', {}, ZONE, 'draft')),
      ...(await readEntries(site.url, 'campaign-pages', {}, ZONE, 'published')),
    ];
    assert.deepEqual(everyEntry, []);
  });
});
