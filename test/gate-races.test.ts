/**
 * Issue #55, item 5: no interleaving of publish, update, unpublish and delete of one slug answers a 5xx,
 * on every database. Each request answers 2xx or a meaningful 4xx, and what is left is whole: the post
 * is there with its ledger entry, or gone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CONFORMANCE_CHECK_SLUG } from '../core/src/wire-names';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { publishPost, readArticle } from './helpers/service';

const KEY = 'apk_gate-races-0123456789abcdef0123';
const LOGIN = 'editor';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const basic = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}`;
const ROUNDS = 15;

const article = (version: number) => ({
  title: `Conformance check, version ${version}`,
  slug: CONFORMANCE_CHECK_SLUG,
  content: `<p>Version ${version} of the check's article, racing its removal.</p>`,
  meta_description: 'The conformance check article, published and removed at the same time.',
  status: 'publish',
});

/** Every answer is 2xx or a 4xx that says why (never a 5xx: nothing failed on the site's side). */
function assertNoServerError(responses: HttpResponse[], what: string) {
  const failures = responses.filter((response) => response.status >= 500);
  assert.deepEqual(
    failures.map((response) => `${response.status} ${response.text}`),
    [],
    `${what}: no 5xx`
  );
  for (const response of responses) assert.ok(response.status < 500, `${what}: ${response.text}`);
}

describe('races on one slug (issue #55, item 5)', () => {
  let site: Playground;
  const removeCheckPost = () =>
    request(`${site.url}/api/service/v1/check-post`, {
      method: 'DELETE',
      headers: { 'X-Service-Key': KEY },
    });
  const wp = (path: string, body: unknown) =>
    request(`${site.url}/wp-json/wp/v2${path}`, {
      method: 'POST',
      headers: { Authorization: basic },
      body,
    });

  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WP_APP_PASSWORD: `${LOGIN}:${PASSWORD}` },
    });
  });
  after(async () => site?.stop());

  it(`${ROUNDS} publishes racing ${ROUNDS} check-post deletes of one slug answer no 5xx`, async () => {
    for (let round = 0; round < 2; round += 1) {
      const responses = await Promise.all(
        Array.from({ length: ROUNDS }, (_, index) => [
          publishPost(site.url, KEY, article(round * ROUNDS + index)),
          removeCheckPost(),
        ]).flat()
      );
      assertNoServerError(responses, `round ${round + 1}`);
      for (const response of responses)
        assert.ok(response.status < 300, `${response.status} ${response.text}`);
      // Whatever won last, the slug has one post or none, never a half-written one.
      const posts = await readArticle(site.url, CONFORMANCE_CHECK_SLUG);
      assert.ok(posts.length <= 1, `one post at most: ${JSON.stringify(posts)}`);
      if (posts[0]) assert.match(posts[0].title, /^Conformance check, version \d+$/);
    }
    // Once the race is over, the check's post is removed and published again as usual.
    assert.equal((await removeCheckPost()).status, 200);
    assert.equal((await readArticle(site.url, CONFORMANCE_CHECK_SLUG)).length, 0);
    const last = await publishPost(site.url, KEY, article(99));
    assert.equal(last.status, 201, last.text);
  });

  it('publishes, WordPress updates and unpublishes, and deletes of one slug interleaved answer no 5xx', async () => {
    const first = await publishPost(site.url, KEY, article(100));
    assert.ok(first.status === 200 || first.status === 201, first.text);
    const postId = first.json.post_id as number;
    const responses = await Promise.all(
      Array.from({ length: ROUNDS }, (_, index) => [
        publishPost(site.url, KEY, article(101 + index)),
        wp(`/posts/${postId}`, { title: `Conformance check, version ${200 + index}` }),
        wp(`/posts/${postId}`, { status: 'draft' }),
        removeCheckPost(),
      ]).flat()
    );
    assertNoServerError(responses, 'the mix');
    // A WordPress update of a post deleted under it is a 404 (the id names no post any more).
    for (const response of responses)
      assert.ok(
        response.status < 300 || response.status === 404,
        `2xx, or 404 for a post deleted first: ${response.status} ${response.text}`
      );
    const posts = await readArticle(site.url, CONFORMANCE_CHECK_SLUG);
    assert.ok(posts.length <= 1, `one post at most: ${JSON.stringify(posts)}`);
  });
});
