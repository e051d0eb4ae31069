import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { registerSuperAdmin } from './helpers/admin';
import { createTestDatabase, tableRows, type TestDatabase } from './helpers/databases';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost, readArticle } from './helpers/service';
import { waitFor } from './helpers/strapi-webhooks';

/**
 * Issue 45, point 11: WordPress's cron publishes only a post still `future`. An editor who publishes a
 * scheduled post by hand (the Content Manager) ends its schedule: a draft saved afterwards is never
 * published by it, and the WordPress door no longer answers the post as `future`.
 */

/** The cron task's period here (the default is 60 s). */
const POLL_SECONDS = 1;
/** How long past a time the cron task may take on a machine other suites load too. */
const GRACE_MS = POLL_SECONDS * 1000 + 15_000;
/** How long past its time a schedule that should not publish is watched (the old code published within a period). */
const WATCH_MS = 3 * POLL_SECONDS * 1000 + 5_000;
const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const basic = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
const sleepUntil = (time: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

interface Site {
  url: string;
  token: string;
  key: string;
}

const startInstance = (env: Record<string, string> = {}, database?: TestDatabase) =>
  startPlayground({
    // The README's playground: the Article type with its Markdown body.
    articleBodyFormat: 'auto',
    env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}`, ...env },
    pluginConfig: { schedulePollSeconds: POLL_SECONDS },
    database,
  });

async function startSite(
  env: Record<string, string> = {},
  database?: TestDatabase
): Promise<{ app: Playground; site: Site }> {
  const app = await startInstance(env, database);
  const token = await registerSuperAdmin(app.url);
  const generated = await request(`${app.url}/article-publisher/api-key`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(generated.status, 200, generated.text);
  return { app, site: { url: app.url, token, key: generated.json.key as string } };
}

/** The schedule of the newest activity row of a slug. */
async function scheduleOf(site: Site, slug: string) {
  const response = await request(`${site.url}/article-publisher/activity?pageSize=100&kind=all`, {
    headers: { authorization: `Bearer ${site.token}` },
  });
  assert.equal(response.status, 200, response.text);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- activity rows, read field by field
  const [row] = (response.json.results as any[]).filter((candidate) => candidate.slug === slug);
  return row?.schedule as { state: string; problem: string | null } | null;
}

/** What an editor does in the Content Manager: publish, unpublish, or save a draft of an Article. */
function contentManager(site: Site, documentId: string) {
  const entryUrl = `${site.url}/content-manager/collection-types/api::article.article/${documentId}`;
  const headers = { authorization: `Bearer ${site.token}` };
  return {
    async publish() {
      const response = await request(`${entryUrl}/actions/publish`, { method: 'POST', headers });
      assert.equal(response.status, 200, response.text);
    },
    async unpublish() {
      const response = await request(`${entryUrl}/actions/unpublish`, { method: 'POST', headers });
      assert.equal(response.status, 200, response.text);
    },
    async saveDraft(fields: Record<string, unknown>) {
      const response = await request(entryUrl, { method: 'PUT', headers, body: fields });
      assert.equal(response.status, 200, response.text);
    },
  };
}

/** Delivers `slug` on the contract's door as a `future` post for `at`; answers its documentId. */
async function scheduleOnTheContract(site: Site, slug: string, at: Date): Promise<string> {
  const response = await publishPost(site.url, site.key, {
    title: `Scheduled ${slug}`,
    slug,
    content: `<h2>${slug}</h2><p>Goes live later.</p>`,
    status: 'future',
    date: at.toISOString(),
  });
  assert.equal(response.status, 201, response.text);
  assert.equal(response.json.post_status, 'future');
  return response.json.document_id as string;
}

/**
 * Publishes by hand, then saves a draft change, both before `at`; then waits past `at` and checks that
 * the published version is still the hand-published one and the schedule ended saying why.
 */
async function handPublishThenDraft(site: Site, slug: string, documentId: string, at: Date) {
  const editor = contentManager(site, documentId);
  await editor.publish();
  const [handPublished] = await readArticle(site.url, slug, 'published');
  assert.ok(handPublished, 'published by hand');
  await editor.saveDraft({ title: 'Changed after the hand publish', slug, content: 'A later draft.' });
  assert.ok(Date.now() < at.getTime(), 'published and changed by hand before the scheduled time');

  await sleepUntil(at.getTime() + WATCH_MS);
  const published = await readArticle(site.url, slug, 'published');
  assert.equal(published.length, 1);
  assert.equal(published[0].title, handPublished.title, 'the hand-published version is still the live one');
  assert.equal(published[0].content, handPublished.content);
  assert.equal(published[0].publishedAt, handPublished.publishedAt, 'not published again');
  const [draft] = await readArticle(site.url, slug, 'draft');
  assert.equal(draft.title, 'Changed after the hand publish', 'the later draft is kept as a draft');
  const schedule = await scheduleOf(site, slug);
  assert.equal(schedule?.state, 'cancelled', 'the schedule is gone');
  assert.match(
    schedule?.problem ?? '',
    new RegExp(`^published by hand at ${new Date(handPublished.publishedAt).toISOString()}, before its time`)
  );
}

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
    const at = inSeconds(8);
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
    const at = inSeconds(8);
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
    const at = inSeconds(8);
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

describe('a scheduled post published by hand on another instance (two instances sharing PostgreSQL)', () => {
  let database: TestDatabase;
  const instances: Playground[] = [];
  let site: Site;

  before(async () => {
    database = await createTestDatabase('postgres');
    const first = await startSite({}, database);
    instances.push(first.app);
    site = first.site;
    instances.push(await startInstance({}, database));
  });
  after(async () => {
    for (const instance of instances) await instance.stop();
    await database?.drop();
  });

  it('scheduled through one instance, published and changed by hand through the other: the draft stays a draft', async () => {
    const slug = 'hand-published-elsewhere';
    const at = inSeconds(8);
    const documentId = await scheduleOnTheContract(site, slug, at);
    // The admin session is valid on both: they share the database and the playground's secrets.
    await handPublishThenDraft({ ...site, url: instances[1].url }, slug, documentId, at);
  });
});
