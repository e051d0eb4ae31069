import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../src/errors';
import { parseJsonBody } from '../src/json-body';
import { isServiceRoutePath } from '../src/service-paths';
import { isWellFormedSignature, signWebhook, verifyWebhook } from '../src/webhook-signature';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('reading service request bodies', () => {
  it('recognises every path the router sends to a service route, whatever its case or trailing slash', () => {
    for (const path of [
      '/api/service/v1/webhook',
      '/API/service/v1/webhook',
      '/api/Service/V1/WEBHOOK',
      '/api/service/v1/webhook/',
      '/api/service/v1/publish-post',
    ]) {
      assert.equal(isServiceRoutePath(path, '/api', '/service/v1'), true, path);
    }
    assert.equal(isServiceRoutePath('/CMS/service/v1/ping', '/cms', '/service/v1'), true);
    for (const path of [
      '/api/articles',
      '/api/service/v10/webhook',
      '/api/servicex/v1/webhook',
      '/service/v1/webhook',
    ]) {
      assert.equal(isServiceRoutePath(path, '/api', '/service/v1'), false, path);
    }
  });

  it('verifies a signature over the exact bytes: a BOM is part of them', () => {
    const json = Buffer.from('{"title":"Über"}');
    const withBom = Buffer.concat([BOM, json]);
    assert.equal(verifyWebhook(withBom, signWebhook(json, 'secret'), 'secret'), false);
    assert.equal(verifyWebhook(withBom, signWebhook(withBom, 'secret'), 'secret'), true);
    assert.equal(isWellFormedSignature(signWebhook(json, 'secret')), true);
    for (const header of [undefined, '', 'sha256=abc', signWebhook(json, 'secret').toUpperCase()]) {
      assert.equal(isWellFormedSignature(header), false, String(header));
    }
  });

  it('parses UTF-8 JSON, ignoring a leading BOM, and refuses what is not JSON or not UTF-8', () => {
    assert.deepEqual(parseJsonBody(Buffer.concat([BOM, Buffer.from('{"a":"é"}')])), { a: 'é' });
    assert.deepEqual(parseJsonBody(Buffer.alloc(0)), {});
    for (const raw of [Buffer.from('{"a": '), Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])]) {
      assert.throws(
        () => parseJsonBody(raw),
        (error: unknown) => error instanceof ServiceError && error.code === 'invalid_json'
      );
    }
  });
});
