import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAdminWithoutPluginPermissions, registerSuperAdmin } from './helpers/admin';
import { createTestDatabase, tableRows, type TestDatabase } from './helpers/databases';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost, readArticle } from './helpers/service';
import { registerStrapiWebhook, StrapiWebhookReceiver, waitFor } from './helpers/strapi-webhooks';

/** The cron task's period in these tests (the default is 60 s). */
const POLL_SECONDS = 1;
/** How long past its time a scheduled post may take to show up on a machine other suites load too. */
const GRACE_MS = POLL_SECONDS * 1000 + 15_000;
/** How long a scheduled publish itself may take on a loaded test machine (the period aside). */
const PUBLISH_SLACK_MS = 5_000;
/**
 * Strapi refuses webhook URLs on this machine (loopback) when NODE_ENV is production, and these tests
 * register one; the instances run in development for that alone.
 */
const DEVELOPMENT = { NODE_ENV: 'development' };

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
/** A date-time in the +05:30 offset naming the same instant. */
const inOffset = (date: Date) => {
  const shifted = new Date(date.getTime() + 330 * 60_000).toISOString().replace('Z', '');
  return `${shifted}+05:30`;
};

interface Site {
  url: string;
  token: string;
  key: string;
}

async function adminKey(url: string, token: string): Promise<string> {
  const generated = await request(`${url}/article-publisher/api-key`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(generated.status, 200, generated.text);
  return generated.json.key as string;
}

const article = (slug: string, extra: Record<string, unknown>) => ({
  title: `Scheduled ${slug}`,
  slug,
  content: `<h2>${slug}</h2><p>Goes live later.</p>`,
  ...extra,
});

/** Delivers the article of `slug` as a `future` post, to be published at `at`. */
const scheduleFor = (site: Site, slug: string, at: Date) =>
  publishPost(site.url, site.key, article(slug, { status: 'future', date: at.toISOString() }));

/** The activity rows of a slug, newest first. */
async function activityOf(site: Site, slug: string) {
  const response = await request(`${site.url}/article-publisher/activity?pageSize=100&kind=all`, {
    headers: { authorization: `Bearer ${site.token}` },
  });
  assert.equal(response.status, 200, response.text);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- activity rows, read field by field
  return (response.json.results as any[]).filter((row) => row.slug === slug);
}

const publishedVersions = async (url: string, slug: string) =>
  (await readArticle(url, slug, 'published')).length;

describe('scheduled publishing with the plugin’s own schedule table (SQLite)', () => {
  let app: Playground;
  let site: Site;
  const hooks = new StrapiWebhookReceiver();

  before(async () => {
    await hooks.start();
    app = await startPlayground({
      env: DEVELOPMENT,
      // The backdating test publishes into a type with a date field.
      fixtureTypes: ['dated-article'],
      // dated-article's required enumeration `kind` takes no value by itself (issue #61): the owner's line.
      pluginConfig: { schedulePollSeconds: POLL_SECONDS, defaults: { kind: 'news' } },
    });
    const token = await registerSuperAdmin(app.url);
    site = { url: app.url, token, key: await adminKey(app.url, token) };
    await registerStrapiWebhook(app.url, token, hooks.url, ['entry.publish']);
  });
  after(async () => {
    await app?.stop();
    await hooks.stop();
  });

  it('future 2 s ahead: a draft at once, published by the cron task after its time, entry.publish sent, the activity says so', async () => {
    const slug = 'two-seconds-ahead';
    const at = inSeconds(2);
    const response = await scheduleFor(site, slug, at);
    assert.equal(response.status, 201, response.text);
    assert.equal(response.json.post_status, 'future');
    assert.equal(response.json.scheduled_at, at.toISOString());
    assert.equal((await readArticle(site.url, slug, 'draft')).length, 1);
    assert.equal(await publishedVersions(site.url, slug), 0, 'a draft until its time');
    const [waiting] = await activityOf(site, slug);
    assert.equal(waiting.requestedStatus, 'future');
    assert.deepEqual(
      { state: waiting.schedule.state, publishAt: waiting.schedule.publishAt, via: waiting.schedule.via },
      { state: 'scheduled', publishAt: at.toISOString(), via: 'plugin' }
    );

    const event = await waitFor(
      'entry.publish of the scheduled post',
      () => hooks.publishesOf(slug)[0],
      at.getTime() - Date.now() + GRACE_MS
    );
    assert.ok(event.receivedAt >= at.getTime(), 'not before its time');
    assert.equal(event.model, 'article');
    const [published] = await readArticle(site.url, slug, 'published');
    assert.ok(Date.parse(published.publishedAt) >= at.getTime(), published.publishedAt);
    // Within the task's period after its time, give or take the publish itself on a busy machine.
    const lateMs = Date.parse(published.publishedAt) - at.getTime();
    assert.ok(lateMs <= POLL_SECONDS * 1000 + PUBLISH_SLACK_MS, `published ${lateMs} ms after its time`);
    const [done] = await activityOf(site, slug);
    assert.equal(done.schedule.state, 'published');
    assert.ok(Date.parse(done.schedule.publishedAt) >= at.getTime());
    // Several periods later it is still one publish.
    await new Promise((resolve) => setTimeout(resolve, 3 * POLL_SECONDS * 1000));
    assert.equal(hooks.publishesOf(slug).length, 1);
  });

  it('a later delivery of the slug replaces the schedule: a new time, publish now, or back to draft', async () => {
    const slug = 'replaced-schedule';
    const first = await scheduleFor(site, slug, inSeconds(3600));
    assert.equal(first.status, 201, first.text);
    const soon = inSeconds(2);
    const second = await scheduleFor(site, slug, soon);
    assert.equal(second.status, 200, second.text);
    assert.equal(second.json.scheduled_at, soon.toISOString());
    const [newer, older] = await activityOf(site, slug);
    assert.equal(older.schedule.state, 'replaced');
    assert.equal(newer.schedule.state, 'scheduled');
    await waitFor(
      'the new time’s publish',
      () => hooks.publishesOf(slug).length === 1,
      soon.getTime() - Date.now() + GRACE_MS
    );

    const now = 'publish-now-instead';
    await publishPost(
      site.url,
      site.key,
      article(now, { status: 'future', date: inSeconds(3).toISOString() })
    );
    const published = await publishPost(
      site.url,
      site.key,
      article(now, { status: 'publish', content: '<p>now</p>' })
    );
    assert.equal(published.json.post_status, 'publish');
    assert.equal(published.json.scheduled_at, undefined);
    assert.equal(await publishedVersions(site.url, now), 1, 'published at once');
    const [publishRow, futureRow] = await activityOf(site, now);
    assert.equal(publishRow.schedule, null);
    assert.equal(futureRow.schedule.state, 'replaced');

    const draft = 'back-to-draft';
    const at = inSeconds(2);
    await publishPost(site.url, site.key, article(draft, { status: 'future', date: at.toISOString() }));
    await publishPost(site.url, site.key, article(draft, { status: 'draft' }));
    const [, cancelled] = await activityOf(site, draft);
    assert.equal(cancelled.schedule.state, 'replaced');
    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 3 * POLL_SECONDS * 1000));
    assert.equal(await publishedVersions(site.url, draft), 0, 'a draft stays a draft');
    assert.equal(hooks.publishesOf(draft).length, 0);
    assert.equal(hooks.publishesOf(now).length, 1, 'only the publish now');
  });

  it('the editor wins: changes made by hand before the time are what the schedule publishes', async () => {
    const slug = 'edited-by-hand';
    const at = inSeconds(3);
    const response = await scheduleFor(site, slug, at);
    const documentId = response.json.document_id as string;
    const edited = await request(
      `${site.url}/content-manager/collection-types/api::article.article/${documentId}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${site.token}` },
        body: { title: 'Edited by hand', slug, content: 'Changed in the Content Manager.' },
      }
    );
    assert.equal(edited.status, 200, edited.text);
    await waitFor(
      'the scheduled publish',
      () => hooks.publishesOf(slug).length,
      at.getTime() - Date.now() + GRACE_MS
    );
    const [published] = await readArticle(site.url, slug, 'published');
    assert.equal(published.title, 'Edited by hand');
  });

  it('"cancel schedule" on the activity row stops it (with the permission only); a cancelled or missing schedule cannot be cancelled', async () => {
    const slug = 'cancelled-in-admin';
    const at = inSeconds(3);
    await scheduleFor(site, slug, at);
    const [row] = await activityOf(site, slug);
    const cancelUrl = `${site.url}/article-publisher/activity/${row.id}/cancel-schedule`;

    const writer = await createAdminWithoutPluginPermissions(site.url, site.token);
    const refused = await request(cancelUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${writer}` },
    });
    assert.equal(refused.status, 403, refused.text);

    const cancelled = await request(cancelUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.token}` },
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.json.schedule.state, 'cancelled');
    const again = await request(cancelUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.token}` },
    });
    assert.equal(again.status, 400, again.text);
    assert.match(again.json.error.message, /no longer waiting: it is cancelled/);
    const [published] = await activityOf(site, 'two-seconds-ahead');
    const none = await request(`${site.url}/article-publisher/activity/999999/cancel-schedule`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.token}` },
    });
    assert.equal(none.status, 404, none.text);
    const finished = await request(`${site.url}/article-publisher/activity/${published.id}/cancel-schedule`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.token}` },
    });
    assert.equal(finished.status, 400, finished.text);

    await new Promise((resolve) => setTimeout(resolve, at.getTime() - Date.now() + 3 * POLL_SECONDS * 1000));
    assert.equal(await publishedVersions(site.url, slug), 0);
    assert.equal(hooks.publishesOf(slug).length, 0);
    assert.equal((await activityOf(site, slug))[0].schedule.state, 'cancelled');
  });

  it('future with a past date, without a date, or with a date without an offset is a 400 naming date; nothing is written', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ status: 'future', date: new Date(Date.now() - 60_000).toISOString() }, /date must be in the future/],
      [{ status: 'future' }, /date is required when status is "future"/],
      [
        { status: 'future', date: '2099-01-01T08:00:00' },
        /date must be an ISO 8601 date-time with an offset/,
      ],
    ];
    for (const [extra, message] of cases) {
      const response = await publishPost(site.url, site.key, article('refused-date', extra));
      assert.equal(response.status, 400, response.text);
      assert.equal(response.json.code, 'bad_request');
      assert.match(response.json.message, message);
    }
    assert.equal((await readArticle(site.url, 'refused-date', 'draft')).length, 0);
    assert.equal((await activityOf(site, 'refused-date')).length, 0);
  });

  it('a date in another offset is stored as the same instant', async () => {
    const slug = 'other-offset';
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
    const response = await publishPost(
      site.url,
      site.key,
      article(slug, { status: 'future', date: inOffset(at) })
    );
    assert.equal(response.status, 201, response.text);
    assert.equal(response.json.scheduled_at, at.toISOString());
    const [row] = await activityOf(site, slug);
    assert.equal(row.schedule.publishAt, at.toISOString());
  });

  it('publish with a past date publishes now and keeps that date in the target’s date role; future sets it to its time', async () => {
    const saved = await request(`${site.url}/article-publisher/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${site.token}` },
      body: { targetContentType: 'api::dated-article.dated-article' },
    });
    assert.equal(saved.status, 200, saved.text);
    const past = new Date('2024-03-01T09:30:00.000Z');
    const backdated = await publishPost(
      site.url,
      site.key,
      article('backdated', { status: 'publish', date: '2024-03-01T11:30:00+02:00' })
    );
    assert.equal(backdated.status, 201, backdated.text);
    assert.equal(backdated.json.post_status, 'publish');
    const read = async (slug: string, status: string) => {
      const query = new URLSearchParams({ 'filters[slug][$eq]': slug, status });
      const found = await request(`${site.url}/api/dated-articles?${query}`);
      assert.equal(found.status, 200, found.text);
      return found.json.data as { addedAt: string }[];
    };
    const [entry] = await read('backdated', 'published');
    assert.equal(entry.addedAt, past.toISOString(), 'published now, with its own date');

    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000);
    const scheduled = await publishPost(
      site.url,
      site.key,
      article('dated-later', { status: 'future', date: inOffset(at) })
    );
    assert.equal(scheduled.status, 201, scheduled.text);
    assert.equal((await read('dated-later', 'published')).length, 0);
    assert.equal((await read('dated-later', 'draft'))[0].addedAt, at.toISOString());
  });
});

describe('scheduled publishing through strapi-plugin-publisher (PLAYGROUND_PUBLISHER=true)', () => {
  let app: Playground;
  let site: Site;
  const hooks = new StrapiWebhookReceiver();

  before(async () => {
    await hooks.start();
    app = await startPlayground({
      env: { ...DEVELOPMENT, PLAYGROUND_PUBLISHER: 'true' },
      // dated-article's required enumeration `kind` takes no value by itself (issue #61): the owner's line.
      pluginConfig: { schedulePollSeconds: POLL_SECONDS, defaults: { kind: 'news' } },
    });
    const token = await registerSuperAdmin(app.url);
    site = { url: app.url, token, key: await adminKey(app.url, token) };
    await registerStrapiWebhook(app.url, token, hooks.url, ['entry.publish']);
  });
  after(async () => {
    await app?.stop();
    await hooks.stop();
  });

  const actions = async () =>
    (await tableRows(app.database, 'actions')) as Array<{
      entity_id: string;
      entity_slug: string;
      mode: string;
      execute_at: unknown;
    }>;

  it('the schedule is one of its publish actions, and its cron job publishes the post at the action’s time', async () => {
    const slug = 'through-the-publisher';
    const at = inSeconds(3);
    const response = await scheduleFor(site, slug, at);
    assert.equal(response.status, 201, response.text);
    assert.equal(response.json.post_status, 'future');
    const documentId = response.json.document_id as string;
    const [action] = (await actions()).filter((row) => row.entity_id === documentId);
    assert.ok(action, 'an action of the publisher');
    assert.equal(action.entity_slug, 'api::article.article');
    assert.equal(action.mode, 'publish');
    assert.equal(new Date(action.execute_at as string).toISOString(), at.toISOString());
    const [row] = await activityOf(site, slug);
    assert.deepEqual([row.schedule.state, row.schedule.via], ['scheduled', 'publisher']);

    await waitFor(
      'entry.publish of the scheduled post',
      () => hooks.publishesOf(slug).length,
      at.getTime() - Date.now() + GRACE_MS
    );
    const [published] = await readArticle(site.url, slug, 'published');
    // The publisher writes its action's time into publishedAt: the publish was its doing.
    assert.equal(new Date(published.publishedAt).toISOString(), at.toISOString());
    assert.equal(
      (await actions()).filter((candidate) => candidate.entity_id === documentId).length,
      0,
      'the action ran'
    );
    await waitFor(
      'the activity to say published',
      async () => (await activityOf(site, slug))[0].schedule.state === 'published',
      GRACE_MS
    );
  });

  it('a later delivery replaces its action; "cancel schedule" removes it', async () => {
    const slug = 'publisher-replaced';
    const first = await scheduleFor(site, slug, inSeconds(3600));
    const documentId = first.json.document_id as string;
    const later = inSeconds(7200);
    await scheduleFor(site, slug, later);
    const mine = async () => (await actions()).filter((row) => row.entity_id === documentId);
    assert.deepEqual(
      (await mine()).map((row) => new Date(row.execute_at as string).toISOString()),
      [later.toISOString()]
    );
    const [row] = await activityOf(site, slug);
    const cancelled = await request(`${site.url}/article-publisher/activity/${row.id}/cancel-schedule`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.token}` },
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal((await mine()).length, 0);
  });
});

describe('scheduled publishing on two instances sharing PostgreSQL', () => {
  let database: TestDatabase;
  const instances: Playground[] = [];
  let site: Site;
  const hooks = new StrapiWebhookReceiver();
  const start = async () => {
    const instance = await startPlayground({
      env: DEVELOPMENT,
      database,
      // dated-article's required enumeration `kind` takes no value by itself (issue #61): the owner's line.
      pluginConfig: { schedulePollSeconds: POLL_SECONDS, defaults: { kind: 'news' } },
    });
    instances.push(instance);
    return instance;
  };

  before(async () => {
    await hooks.start();
    database = await createTestDatabase('postgres');
    const a = await start();
    const token = await registerSuperAdmin(a.url);
    site = { url: a.url, token, key: await adminKey(a.url, token) };
    // Strapi loads its webhooks at start: registered before the second instance starts, both send them.
    await registerStrapiWebhook(a.url, token, hooks.url, ['entry.publish']);
    await start();
  });
  after(async () => {
    for (const instance of instances) await instance.stop();
    await database?.drop();
    await hooks.stop();
  });

  it('publishes a scheduled post once (one entry.publish) although both instances run the cron task', async () => {
    const slug = 'once-on-two';
    const at = inSeconds(3);
    const response = await publishPost(
      instances[1].url,
      site.key,
      article(slug, { status: 'future', date: at.toISOString() })
    );
    assert.equal(response.status, 201, response.text);
    await waitFor(
      'entry.publish',
      () => hooks.publishesOf(slug).length,
      at.getTime() - Date.now() + GRACE_MS
    );
    await new Promise((resolve) => setTimeout(resolve, 5 * POLL_SECONDS * 1000));
    assert.equal(hooks.publishesOf(slug).length, 1, 'one entry.publish');
    assert.equal((await activityOf(site, slug))[0].schedule.state, 'published');
  });

  it('a restart between scheduling and the time still publishes it', async () => {
    const slug = 'across-a-restart';
    // Far enough ahead for scheduling and stopping both instances (over 4 s on a loaded CI machine).
    const at = inSeconds(20);
    const response = await scheduleFor(site, slug, at);
    assert.equal(response.status, 201, response.text);
    for (const instance of instances.splice(0)) await instance.stop();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now())));
    assert.equal(hooks.publishesOf(slug).length, 0, 'no instance ran at its time');
    const restarted = await start();
    await waitFor('entry.publish after the restart', () => hooks.publishesOf(slug).length, GRACE_MS);
    assert.equal((await readArticle(restarted.url, slug, 'published')).length, 1);
    site = { ...site, url: restarted.url };
    assert.equal((await activityOf(site, slug))[0].schedule.state, 'published');
  });
});
