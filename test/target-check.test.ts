import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { countArticles, publishPost } from './helpers/service';

const KEY = 'apk_target-check-0123456789abcdef';

describe('a missing or incompatible target content type', () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_API_KEY: KEY },
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

  it('is reported by ping', async () => {
    const response = await request(`${site.url}/api/service/v1/ping`, { headers: { 'X-Service-Key': KEY } });
    assert.equal(response.status, 200);
    // The target profile's words: the body field that cannot hold a body (fatal), then the cover field
    // that does not exist and what that costs (degraded).
    assert.deepEqual(response.json.target_problems, [
      'The body field "cover" (media) cannot hold the article body.',
      'fields.cover names "image", which is not a field of api::article.article.',
      'No single image field: the featured image will not be attached.',
    ]);
  });

  it('makes publish answer a clear 500 publish_failed and write nothing', async () => {
    const response = await publishPost(site.url, KEY, { title: 'T', content: '<p>x</p>' });
    assert.equal(response.status, 500);
    assert.deepEqual(response.json, {
      code: 'publish_failed',
      message:
        'The site\'s target content type cannot receive articles, nothing was written: The body field "cover" (media) cannot hold the article body.',
      data: { status: 500 },
    });
    assert.equal(await countArticles(site.url), 0);
  });
});
