import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from './helpers/http';
import { runPlaygroundUntilExit, startPlayground, type Playground } from './helpers/playground';

const KEY = 'apk_test-key-for-body-checks-0123456789';

describe('request bodies on the plugin routes', () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_API_KEY: KEY },
      pluginConfig: { bodyLimitBytes: 2 * 1024 * 1024 },
    });
  });
  after(async () => site?.stop());

  const publishUrl = () => `${site.url}/api/service/v1/publish-post`;

  it('answers malformed JSON with 400 invalid_json in the contract shape', async () => {
    const response = await request(publishUrl(), {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body: '{"title": "Half a',
    });
    assert.equal(response.status, 400);
    assert.equal(response.json.code, 'invalid_json');
    assert.match(response.json.message, /not valid JSON/);
    assert.deepEqual(response.json.data, { status: 400 });
    assert.deepEqual(Object.keys(response.json).sort(), ['code', 'data', 'message']);
  });

  it('answers a body over the limit with 413 payload_too_large in the contract shape', async () => {
    const response = await request(publishUrl(), {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body: { title: 'Big', content: 'x'.repeat(3 * 1024 * 1024) },
    });
    assert.equal(response.status, 413);
    assert.deepEqual(response.json, {
      code: 'payload_too_large',
      message: 'The request body is larger than 2097152 bytes.',
      data: { status: 413 },
    });
  });

  it('leaves the body handling of other routes as Strapi configures it', async () => {
    // The app keeps Strapi's own error envelope and its 1 MB JSON limit on its own routes,
    // while the plugin's routes accept up to their own limit.
    const malformed = await request(`${site.url}/api/articles`, { method: 'POST', body: '{"data": ' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.data, null);
    assert.equal(malformed.json.error.status, 400);

    const body = { data: { title: 'x'.repeat(1_500_000) } };
    const otherRoute = await request(`${site.url}/api/articles`, { method: 'POST', body });
    assert.equal(otherRoute.status, 413);
    assert.equal(otherRoute.json.error.name, 'PayloadTooLargeError');

    const pluginRoute = await request(publishUrl(), {
      method: 'POST',
      headers: { 'X-Service-Key': KEY },
      body,
    });
    assert.notEqual(pluginRoute.status, 413);
  });

  it('serves the public read API of the playground (articles and categories)', async () => {
    assert.equal((await request(`${site.url}/api/articles`)).status, 200);
    assert.equal((await request(`${site.url}/api/articles?status=draft`)).status, 200);
    assert.equal((await request(`${site.url}/api/categories`)).status, 200);
  });
});

describe('plugin config validation at start', () => {
  it('stops Strapi with a message naming a bad option', async () => {
    const { code, output } = await runPlaygroundUntilExit({ pluginConfig: { postUrlTemplate: '/blog/' } });
    assert.notEqual(code, 0);
    assert.match(output, /Error regarding article-publisher config/);
    assert.match(output, /"postUrlTemplate" must contain \{slug\}, \{documentId\} or \{id\}/);
  });

  it('names unknown options and wrong types', async () => {
    const { code, output } = await runPlaygroundUntilExit({
      pluginConfig: { images: { maxBytes: 'big' }, defaultStatus: 'live', colour: 'red' },
    });
    assert.notEqual(code, 0);
    assert.match(output, /"images\.maxBytes"/);
    assert.match(output, /"defaultStatus"/);
    assert.match(output, /unknown option "colour"/);
  });

  it('names a bad hookMaxBatchArticles (the most articles one custom webhook delivery may carry)', async () => {
    const { code, output } = await runPlaygroundUntilExit({ pluginConfig: { hookMaxBatchArticles: 0 } });
    assert.notEqual(code, 0);
    assert.match(output, /Error regarding article-publisher config/);
    assert.match(output, /"hookMaxBatchArticles" must be at least 1/);
  });

  it('checks the ARTICLE_PUBLISHER_* variables with the same rules', async () => {
    const { code, output } = await runPlaygroundUntilExit({ env: { ARTICLE_PUBLISHER_API_KEY: 'short' } });
    assert.notEqual(code, 0);
    assert.match(output, /"apiKey" must be at least 16 characters/);
  });
});
