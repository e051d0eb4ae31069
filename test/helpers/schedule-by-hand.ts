import assert from 'node:assert/strict';
import { registerSuperAdmin } from './admin';
import type { TestDatabase } from './databases';
import { request } from './http';
import { startPlayground, type Playground } from './playground';
import { publishPost, readArticle } from './service';

/**
 * What the tests of a scheduled post published by hand share (issue 45, point 11): a playground with a
 * one-second schedule period and a WordPress application password, the Content Manager's actions, and the
 * check that a hand-published post stays as the editor left it.
 */

/** The cron task's period here (the default is 60 s). */
const POLL_SECONDS = 1;
/** How long past a time the cron task may take on a machine other suites load too. */
export const GRACE_MS = POLL_SECONDS * 1000 + 15_000;
/** How long past its time a schedule that should not publish is watched (the old code published within a period). */
export const WATCH_MS = 3 * POLL_SECONDS * 1000 + 5_000;
const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
export const basic = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;

/**
 * How far ahead a test schedules a post that an editor then handles by hand before its time: scheduling,
 * publishing and saving a draft took over 8 s on a loaded CI machine (MariaDB), which voided the test.
 */
export const HAND_WORK_SECONDS = 20;

export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
export const sleepUntil = (time: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

export interface Site {
  url: string;
  token: string;
  key: string;
}

export const startInstance = (env: Record<string, string> = {}, database?: TestDatabase) =>
  startPlayground({
    // The README's playground: the Article type with its Markdown body.
    articleBodyFormat: 'auto',
    env: { ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}`, ...env },
    pluginConfig: { schedulePollSeconds: POLL_SECONDS },
    database,
  });

export async function startSite(
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
export async function scheduleOf(site: Site, slug: string) {
  const response = await request(`${site.url}/article-publisher/activity?pageSize=100&kind=all`, {
    headers: { authorization: `Bearer ${site.token}` },
  });
  assert.equal(response.status, 200, response.text);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- activity rows, read field by field
  const [row] = (response.json.results as any[]).filter((candidate) => candidate.slug === slug);
  return row?.schedule as { state: string; problem: string | null } | null;
}

/** What an editor does in the Content Manager: publish, unpublish, or save a draft of an Article. */
export function contentManager(site: Site, documentId: string) {
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
export async function scheduleOnTheContract(site: Site, slug: string, at: Date): Promise<string> {
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
export async function handPublishThenDraft(site: Site, slug: string, documentId: string, at: Date) {
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
