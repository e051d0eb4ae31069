import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createClient, serviceEndpoints, ServiceRequestError } from '../src/toolkit';
import { closedOrigin, startScriptedServer, type ScriptedServer } from './helpers/scripted-server';

const KEY = 'apk_client-test-key-0123456789';
const PING = {
  status: 'success',
  site_name: 'Local',
  site_url: 'http://localhost',
  cms_version: '5.0.0',
  cms: 'strapi',
  plugin_version: '0.1.0',
  target_content_type: 'api::article.article',
  target_problems: [],
};

/** Awaits a rejection and returns it as a ServiceRequestError. */
async function rejection(promise: Promise<unknown>): Promise<ServiceRequestError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ServiceRequestError, `a ServiceRequestError, got ${String(error)}`);
    return error;
  }
  return assert.fail('the call should have been rejected');
}

describe('createClient against a local site', () => {
  let site: ScriptedServer;
  let siteUrl: string;

  before(async () => {
    site = await startScriptedServer(() => undefined, 500);
    siteUrl = site.origin;
  });
  after(() => site.close());
  beforeEach(() => site.reset());

  const client = (timeoutMs = 5000) => createClient({ siteUrl, apiKey: KEY, timeoutMs });
  const contractError = (status: number, code: string, message: string) => ({
    status,
    body: JSON.stringify({ code, message, data: { status } }),
  });

  it('pings with the key header and returns the ping body', async () => {
    site.replies = [{ status: 200, body: JSON.stringify(PING) }];
    assert.deepEqual(await client().ping(), PING);
    const [request] = site.received;
    assert.equal(request.method, 'GET');
    assert.equal(request.url, '/api/service/v1/ping');
    assert.equal(request.headers['x-service-key'], KEY);
    assert.equal(request.headers.accept, 'application/json');
  });

  it('posts the publish request as JSON and returns the publish body', async () => {
    const answer = {
      status: 'success',
      post_id: 12,
      document_id: 'abc',
      post_url: 'https://site.example/blog/hello',
      post_status: 'draft',
      categories: [],
      featured_image_result: 'none: no featured image in the request',
      inline_images_result: { imported: [], warnings: [] },
      warnings: [],
    };
    site.replies = [{ status: 201, body: JSON.stringify(answer) }];
    const request = { title: 'Hello', content: '<p>Hi</p>', slug: 'hello', status: 'draft' as const };
    assert.deepEqual(await client().publishPost(request), answer);
    assert.equal(site.received[0].method, 'POST');
    assert.equal(site.received[0].url, '/api/service/v1/publish-post');
    assert.equal(site.received[0].headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(site.received[0].body.toString()), request);
  });

  it('rejects with the contract code, message and status', async () => {
    const cases: [ReturnType<typeof contractError>, string, number][] = [
      [
        contractError(401, 'missing_api_key', 'The X-Service-Key header is required.'),
        'missing_api_key',
        401,
      ],
      [contractError(403, 'invalid_api_key', 'The key does not match.'), 'invalid_api_key', 403],
      [contractError(400, 'bad_request', 'Invalid publish request: title is required.'), 'bad_request', 400],
      [contractError(500, 'publish_failed', 'The CMS failed to write.'), 'publish_failed', 500],
    ];
    for (const [reply, code, status] of cases) {
      site.replies = [reply];
      const error = await rejection(client().publishPost({ title: 'x', content: 'y' }));
      assert.equal(error.code, code);
      assert.equal(error.status, status);
      assert.equal(error.message, JSON.parse(reply.body).message);
      assert.deepEqual(error.body, JSON.parse(reply.body));
    }
  });

  it('passes Retry-After on with a 429', async () => {
    site.replies = [
      {
        ...contractError(429, 'rate_limited', 'Too many failed key checks.'),
        headers: { 'Retry-After': '840' },
      },
    ];
    const error = await rejection(client().ping());
    assert.equal(error.code, 'rate_limited');
    assert.equal(error.retryAfterSeconds, 840);
  });

  it('reports an answer without the contract error body as http_error, with a hint on 404', async () => {
    site.replies = [
      {
        status: 404,
        body: '{"data":null,"error":{"status":404,"name":"NotFoundError","message":"Not Found"}}',
      },
    ];
    const error = await rejection(client().ping());
    assert.equal(error.code, 'http_error');
    assert.equal(error.status, 404);
    assert.match(error.message, /Is the plugin installed/);
  });

  it('reports a 2xx that is not JSON as invalid_response', async () => {
    site.replies = [{ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>hello</html>' }];
    const error = await rejection(client().ping());
    assert.equal(error.code, 'invalid_response');
    assert.equal(error.status, 200);
  });

  it('does not follow a redirect, so the key never travels elsewhere', async () => {
    site.replies = [
      { status: 301, headers: { location: `${siteUrl}/elsewhere` } },
      { status: 200, body: JSON.stringify(PING) },
    ];
    const error = await rejection(client().ping());
    assert.equal(error.code, 'redirected');
    assert.equal(error.status, 301);
    assert.equal(site.received.length, 1);
  });

  it('times out with code timeout and no status', async () => {
    site.replies = ['hang'];
    const error = await rejection(client(300).ping());
    assert.equal(error.code, 'timeout');
    assert.equal(error.status, null);
    assert.match(error.message, /within 300 ms/);
  });

  it('reports a refused connection as network_error', async () => {
    const error = await rejection(createClient({ siteUrl: await closedOrigin(), apiKey: KEY }).ping());
    assert.equal(error.code, 'network_error');
    assert.equal(error.status, null);
    assert.match(error.message, /ECONNREFUSED/);
  });
});

describe('serviceEndpoints', () => {
  it('keeps a sub-path and honours the API prefix', () => {
    assert.deepEqual(serviceEndpoints('https://cms.example.com/'), {
      ping: 'https://cms.example.com/api/service/v1/ping',
      publishPost: 'https://cms.example.com/api/service/v1/publish-post',
      webhook: 'https://cms.example.com/api/service/v1/webhook',
    });
    assert.equal(
      serviceEndpoints('https://example.com/cms', 'rest/').ping,
      'https://example.com/cms/rest/service/v1/ping'
    );
  });

  it('refuses anything but an http(s) URL', () => {
    assert.throws(() => serviceEndpoints('ftp://example.com'), /http\(s\) URL/);
    assert.throws(() => createClient({ siteUrl: 'example.com', apiKey: KEY }), /http\(s\) URL/);
  });
});
