import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateApiKey, hashSecret, keyHint, secretMatchesHash, secretsEqual } from '../src/api-key';
import { errorBody, ServiceError } from '../src/errors';

describe('API keys', () => {
  it('generates distinct prefixed keys with 256 bits of randomness', () => {
    const keys = new Set(Array.from({ length: 100 }, generateApiKey));
    assert.equal(keys.size, 100);
    for (const key of keys) assert.match(key, /^apk_[A-Za-z0-9_-]{43}$/);
  });

  it('matches a key against its stored digest only', () => {
    const key = generateApiKey();
    const stored = hashSecret(key);
    assert.notEqual(stored, key);
    assert.equal(secretMatchesHash(key, stored), true);
    assert.equal(secretMatchesHash(`${key}x`, stored), false);
    assert.equal(secretMatchesHash('', stored), false);
    assert.equal(secretMatchesHash(key, 'not-hex'), false);
  });

  it('compares plain secrets of any length without throwing', () => {
    assert.equal(secretsEqual('same-secret', 'same-secret'), true);
    assert.equal(secretsEqual('short', 'a much longer secret'), false);
  });

  it('shows only the last four characters as a hint', () => {
    assert.equal(keyHint('apk_abcdefgh'), '…efgh');
  });
});

describe('contract errors', () => {
  it('builds the spec 2.4 body with the status of the code', () => {
    assert.deepEqual(errorBody('bad_request', 'title is required'), {
      code: 'bad_request',
      message: 'title is required',
      data: { status: 400 },
    });
    const error = new ServiceError('rate_limited', 'slow down', { 'Retry-After': '60' });
    assert.equal(error.status, 429);
    assert.deepEqual(error.toBody().data, { status: 429 });
    assert.equal(error.headers['Retry-After'], '60');
  });
});
