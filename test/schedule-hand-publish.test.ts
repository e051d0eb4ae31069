import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { tableRows } from './helpers/databases';
import { request } from './helpers/http';
import type { Playground } from './helpers/playground';
import {
  basic,
  contentManager,
  GRACE_MS,
  handPublishThenDraft,
  HAND_WORK_SECONDS,
  inSeconds,
  scheduleOf,
  scheduleOnTheContract,
  sleepUntil,
  startSite,
  WATCH_MS,
  type Site,
} from './helpers/schedule-by-hand';
import { readArticle } from './helpers/service';
import { waitFor } from './helpers/strapi-webhooks';

/**
 * Issue 45, point 11: WordPress's cron publishes only a post still `future`. An editor who publishes a
 * scheduled post by hand (the Content Manager) ends its schedule: a draft saved afterwards is never
 * published by it, and the WordPress door no longer answers the post as `future`. The same on two
 * instances sharing PostgreSQL: schedule-hand-publish-instances.test.ts.
 */

describe('a scheduled post published by hand: the schedule ends (plugin’s own schedule)', () => {
  let app: Playground;
  let site: Site;

  before(async () => {
    ({ app, site } = await startSite());
  });
  after(async () => {
    await app?.stop();
  });

  it('future on the contract, published by hand, then a draft: the draft is never published by the schedule', async () => {
    const slug = 'hand-published-contract';
    const at = inSeconds(HAND_WORK_SECONDS);
    const documentId = await scheduleOnTheContract(site, slug, at);
    assert.equal((await scheduleOf(site, slug))?.state, 'scheduled');
    await handPublishThenDraft(site, slug, documentId, at);
  });

  it('the activity says so within a poll period, before the scheduled time', async () => {
    const slug = 'hand-published-early';
    const at = inSeconds(3600);
    const documentId = await scheduleOnTheContract(site, slug, at);
    await contentManager(site, documentId).publish();
    const schedule = await waitFor(
      'the schedule to end',
      async () => {
        const current = await scheduleOf(site, slug);
        return current?.state !== 'scheduled' && current;
      },
      GRACE_MS
    );
    assert.equal(schedule.state, 'cancelled');
    assert.match(schedule.problem ?? '', /^published by hand at /);
  });

  it('published then unpublished by hand before the time: a draft, as WordPress’s post switched to draft', async () => {
    const slug = 'hand-published-then-unpublished';
    const at = inSeconds(HAND_WORK_SECONDS);
    const documentId = await scheduleOnTheContract(site, slug, at);
    const editor = contentManager(site, documentId);
    await editor.publish();
    await editor.unpublish();
    assert.ok(Date.now() < at.getTime());
    await sleepUntil(at.getTime() + WATCH_MS);
    assert.equal(
      (await readArticle(site.url, slug, 'published')).length,
      0,
      'never published by the schedule'
    );
    assert.equal((await scheduleOf(site, slug))?.state, 'cancelled');
  });

  it('future on the WordPress door: after a hand publish, GET /posts/{id} answers publish and the draft stays a draft', async () => {
    // On a whole second: WordPress's dates have no milliseconds.
    const at = new Date(Math.ceil((Date.now() + 8000) / 1000) * 1000);
    const created = await request(`${site.url}/wp-json/wp/v2/posts`, {
      method: 'POST',
      headers: { authorization: basic },
      body: {
        title: 'Winter pruning',
        content: '<h2>Pruning</h2><p>After the frost.</p>',
        status: 'future',
        date_gmt: at.toISOString().slice(0, 19),
      },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.json.status, 'future');
    const slug = created.json.slug as string;
    const [draft] = await readArticle(site.url, slug, 'draft');
    const postUrl = `${site.url}/wp-json/wp/v2/posts/${created.json.id}`;

    const checks = handPublishThenDraft(site, slug, draft.documentId as string, at);
    // Read while the time is still to come: no longer `future`.
    await waitFor(
      'the hand publish',
      async () => (await readArticle(site.url, slug, 'published')).length > 0,
      GRACE_MS
    );
    const before = await request(postUrl, { headers: { authorization: basic } });
    assert.equal(before.status, 200, before.text);
    assert.ok(Date.now() < at.getTime(), 'read before the scheduled time');
    assert.equal(before.json.status, 'publish');
    await checks;
    const afterTime = await request(postUrl, { headers: { authorization: basic } });
    assert.equal(afterTime.json.status, 'publish');
  });
});

describe('a scheduled post published by hand: the schedule ends (strapi-plugin-publisher)', () => {
  let app: Playground;
  let site: Site;

  before(async () => {
    ({ app, site } = await startSite({ PLAYGROUND_PUBLISHER: 'true' }));
  });
  after(async () => {
    await app?.stop();
  });

  it('its publish action is removed: the later draft is never published by it', async () => {
    const slug = 'hand-published-publisher';
    const at = inSeconds(HAND_WORK_SECONDS);
    const documentId = await scheduleOnTheContract(site, slug, at);
    const actionsOf = async () =>
      ((await tableRows(app.database, 'actions')) as Array<{ entity_id: string }>).filter(
        (row) => row.entity_id === documentId
      );
    assert.equal((await actionsOf()).length, 1, 'scheduled as a publisher action');
    await handPublishThenDraft(site, slug, documentId, at);
    assert.equal((await actionsOf()).length, 0, 'its action was removed');
  });
});
