import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { runCli } from './helpers/cli';
import { countArticles, publishPost } from './helpers/service';
import { deliverArticle } from './helpers/webhook';

const KEY = 'apk_target-check-0123456789abcdef';
const SECRET = 'whsec_target-check-0123456789abcdef';

describe('a missing or incompatible target content type', () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_API_KEY: KEY, ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET },
      pluginConfig: {
        fields: {
          title: 'title',
          slug: 'slug',
          content: 'cover',
          cover: 'image',
          categories: 'categories',
          seo: 'seo',
        },
      },
    });
  });
  after(async () => site?.stop());

  it('fails ping with the refusal a publish would get (422 target_unfillable), listing every problem', async () => {
    const response = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(response.status, 422, response.text);
    assert.equal(response.json.code, 'target_unfillable');
    assert.match(response.json.message, /every publish would be refused/);
    // The target profile's words: the body field that cannot hold a body (the fatal problem).
    assert.deepEqual(response.json.data, {
      status: 422,
      target_problems: ['The body field "cover" (media) cannot hold the article body.'],
    });
  });

  it('fails the CLI ping with exit code 1 and the reason', async () => {
    const run = await runCli(['ping', '--site', site.url, '--key', KEY]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /422 target_unfillable: .*"cover" \(media\) cannot hold the article body/);
    assert.doesNotMatch(run.stdout, /^OK/m);
  });

  it('makes publish answer 422 target_unfillable (a sender must not retry) and write nothing', async () => {
    const response = await publishPost(site.url, KEY, { title: 'T', content: '<p>x</p>' });
    assert.equal(response.status, 422);
    assert.deepEqual(response.json, {
      code: 'target_unfillable',
      message:
        "The site's target content type cannot receive articles, nothing was written: The body field \"cover\" (media) cannot hold the article body. The site's owner fixes this in Settings > Article Publisher (or the plugin's config).",
      data: {
        status: 422,
        target_problems: ['The body field "cover" (media) cannot hold the article body.'],
      },
    });
    assert.equal(await countArticles(site.url), 0);
  });

  it('makes the webhook answer the same 422, never a 5xx a sender would retry', async () => {
    const response = await deliverArticle(site.url, SECRET, {
      articleId: 4242,
      title: 'T',
      slug: 'unfillable',
      html: '<p>x</p>',
    });
    assert.equal(response.status, 422, response.text);
    assert.equal(response.json.code, 'target_unfillable');
    assert.equal(await countArticles(site.url), 0);
  });
});
