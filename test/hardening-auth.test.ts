import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { signWebhook } from '../core/src/webhook-signature';
import { request, type HttpResponse } from './helpers/http';
import { startPlayground, type Playground } from './helpers/playground';
import { readArticle } from './helpers/service';
import { articleDeliveryBody, postWebhook, WEBHOOK_PATH } from './helpers/webhook';

// Issue #17 "Hardening", items 1 (forged webhook), 4 (unauthenticated bodies parsed) and 8 (throttle lockout).

const SECRET = 'whsec-hardening-0123456789abcdef012345';
const KEY = 'apk_hardening-key-0123456789abcdef0123';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const MB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux). */
function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  assert.ok(match, 'VmRSS readable');
  return Number(match[1]) * 1024;
}

describe('hardening: authentication and body reading', () => {
  let site: Playground;
  before(async () => {
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET, ARTICLE_PUBLISHER_API_KEY: KEY },
    });
  });
  after(async () => site?.stop());
  /** Posts `body` as is to the webhook route (or a case variant of its path), from `from` when given. */
  const toWebhook = (body: Buffer, signature: string | null, from?: string, path = WEBHOOK_PATH) =>
    postWebhook(`${site.url}${path}`, body, signature, { localAddress: from });

  describe('item 1: the signature is computed over the exact bytes received', () => {
    it('refuses a delivery signed over an empty body on any case variant of the webhook path', async () => {
      const paths = [
        '/API/service/v1/webhook',
        '/api/SERVICE/V1/Webhook',
        '/api/service/v1/WEBHOOK/',
        '/api/service/v1/webhook/',
      ];
      for (const [index, path] of paths.entries()) {
        const slug = `forged-${index}`;
        const response = await toWebhook(
          articleDeliveryBody(slug, 100 + index),
          signWebhook('', SECRET),
          '127.0.0.11',
          path
        );
        assert.equal(response.status, 401, `${path}: ${response.text}`);
        assert.equal(response.json.code, 'invalid_signature');
        assert.equal((await readArticle(site.url, slug)).length, 0, `${path} published nothing`);
      }
    });

    it('accepts a correctly signed delivery on a case variant of the path, verified over its bytes', async () => {
      const body = articleDeliveryBody('any-case-path', 120);
      const response = await toWebhook(body, signWebhook(body, SECRET), undefined, '/API/Service/v1/WEBHOOK');
      assert.equal(response.status, 200, response.text);
      assert.equal(response.json.received, true);
      assert.equal((await readArticle(site.url, 'any-case-path')).length, 1);
    });

    it('verifies a body sent with a UTF-8 BOM over the BOM too', async () => {
      const json = articleDeliveryBody('with-bom', 130);
      const withBom = Buffer.concat([BOM, json]);
      const signedWithoutBom = await toWebhook(withBom, signWebhook(json, SECRET), '127.0.0.12');
      assert.equal(signedWithoutBom.status, 401, signedWithoutBom.text);
      assert.equal((await readArticle(site.url, 'with-bom')).length, 0);

      const signedWithBom = await toWebhook(withBom, signWebhook(withBom, SECRET));
      assert.equal(signedWithBom.status, 200, signedWithBom.text);
      assert.equal((await readArticle(site.url, 'with-bom')).length, 1);
    });
  });

  describe('item 4: nothing is parsed before authentication', () => {
    it('checks the key of publish-post before reading its body', async () => {
      const malformed = await request(`${site.url}/api/service/v1/publish-post`, {
        method: 'POST',
        headers: { 'X-Service-Key': 'apk_wrong-key-0123456789abcdef' },
        body: '{"title": "Half a',
        localAddress: '127.0.0.13',
      });
      assert.equal(malformed.status, 403, malformed.text);
      assert.equal(malformed.json.code, 'invalid_api_key');

      // Over the 32 MB default limit: refused for the missing key, not for the size.
      const oversized = await request(`${site.url}/api/service/v1/publish-post`, {
        method: 'POST',
        body: Buffer.alloc(33 * MB, 0x20),
        localAddress: '127.0.0.13',
      });
      assert.equal(oversized.status, 401, oversized.text);
      assert.equal(oversized.json.code, 'missing_api_key');

      const keyed = await request(`${site.url}/api/service/v1/publish-post`, {
        method: 'POST',
        headers: { 'X-Service-Key': KEY },
        body: '{"title": "Half a',
      });
      assert.equal(keyed.status, 400);
      assert.equal(keyed.json.code, 'invalid_json');
    });

    it('never parses a webhook body whose signature does not verify', async () => {
      const malformed = Buffer.from('{"event": "article.published", "title": ');
      const unsigned = await toWebhook(malformed, signWebhook('another body', SECRET), '127.0.0.14');
      assert.equal(unsigned.status, 401, unsigned.text);
      assert.equal(unsigned.json.code, 'invalid_signature');

      const signed = await toWebhook(malformed, signWebhook(malformed, SECRET));
      assert.equal(signed.status, 400, signed.text);
      assert.equal(signed.json.code, 'invalid_json');
    });

    it('buffers a bounded number of unverified webhook bodies: ten 31 MB bad deliveries grow the server by less than 300 MB', async (t) => {
      const pid = site.process.pid;
      assert.ok(pid);
      const json = `{"event":"article.published","article_id":1,"title":"Big","slug":"big","html_content":"<p>`;
      const big = Buffer.alloc(31 * MB, 'x');
      big.write(json, 0);
      big.write('</p>"}', big.length - 6);
      const wrongSignature = signWebhook('not this body', SECRET);

      const baseline = rssBytes(pid);
      let peak = baseline;
      const poll = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 5);
      let responses: HttpResponse[];
      try {
        responses = await Promise.all(
          Array.from({ length: 10 }, () => toWebhook(big, wrongSignature, '127.0.0.15'))
        );
      } finally {
        clearInterval(poll);
      }
      peak = Math.max(peak, rssBytes(pid));
      const growth = peak - baseline;
      const statuses = responses.map((response) => response.status);
      t.diagnostic(
        `server RSS ${(baseline / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at peak: +${(growth / MB).toFixed(0)} MB; statuses ${statuses.join(' ')}`
      );

      for (const response of responses) {
        assert.ok([401, 503].includes(response.status), response.text);
        if (response.status === 503) {
          assert.equal(response.json.code, 'temporarily_unavailable');
          assert.ok(Number(response.headers['retry-after']) > 0);
        } else {
          assert.equal(response.json.code, 'invalid_signature');
        }
      }
      assert.ok(statuses.includes(401), 'the bodies that fit the budget were read and verified');
      assert.ok(growth < 300 * MB, `the server grew by ${(growth / MB).toFixed(0)} MB`);
    });
  });

  describe('item 8: only failures are throttled', () => {
    it('never refuses the correct key, even from an address over the failure limit', async () => {
      const shared = '127.0.0.16';
      const ping = (key?: string) =>
        request(`${site.url}/api/service/v1/ping`, {
          headers: key ? { 'X-Service-Key': key } : {},
          localAddress: shared,
        });
      for (let attempt = 1; attempt <= 20; attempt++)
        assert.equal((await ping(`apk_guess_${attempt}`)).status, 403);
      const blocked = await ping('apk_guess_21');
      assert.equal(blocked.status, 429);
      assert.equal(blocked.json.code, 'rate_limited');
      assert.equal((await ping()).status, 429, 'a missing key is a failure too');

      assert.equal((await ping(KEY)).status, 200);
      const published = await request(`${site.url}/api/service/v1/publish-post`, {
        method: 'POST',
        headers: { 'X-Service-Key': KEY },
        body: { title: 'From a shared address', content: '<p>Still delivered.</p>' },
        localAddress: shared,
      });
      assert.equal(published.status, 201, published.text);

      assert.equal((await ping('apk_guess_22')).status, 429, 'failures stay throttled');
    });

    it('never refuses a correctly signed delivery, even from an address over the failure limit', async () => {
      const shared = '127.0.0.17';
      const body = articleDeliveryBody('signed-from-throttled-address', 140);
      for (let attempt = 1; attempt <= 20; attempt++) {
        assert.equal((await toWebhook(body, null, shared)).status, 401);
      }
      const blocked = await toWebhook(body, signWebhook(body, 'a wrong secret 0123456789'), shared);
      assert.equal(blocked.status, 429);
      assert.ok(Number(blocked.headers['retry-after']) > 0);

      const delivered = await toWebhook(body, signWebhook(body, SECRET), shared);
      assert.equal(delivered.status, 200, delivered.text);
      assert.equal((await readArticle(site.url, 'signed-from-throttled-address')).length, 1);
    });
  });
});

describe('hardening: a webhook route that cannot see its raw body', () => {
  let site: Playground;
  before(async () => {
    // An app-wide body parser runs before Strapi's and takes the request stream.
    site = await startPlayground({
      env: { ARTICLE_PUBLISHER_WEBHOOK_SECRET: SECRET, PLAYGROUND_EARLY_BODY_PARSER: 'true' },
    });
  });
  after(async () => site?.stop());

  it('refuses with 401 instead of verifying an empty body', async () => {
    const body = articleDeliveryBody('read-too-early', 150);
    for (const signature of [signWebhook('', SECRET), signWebhook(body, SECRET)]) {
      const response = await postWebhook(`${site.url}${WEBHOOK_PATH}`, body, signature);
      assert.equal(response.status, 401, response.text);
      assert.equal(response.json.code, 'invalid_signature');
    }
    assert.equal((await readArticle(site.url, 'read-too-early')).length, 0);
  });
});
