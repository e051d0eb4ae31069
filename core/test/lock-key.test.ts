import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCK_KEY_MAX_LENGTH, lockKey } from '../src/lock-key';

describe('lock keys', () => {
  it('keeps a name that fits the key column as it is', () => {
    assert.equal(lockKey('post:api::article.article:hello'), 'post:api::article.article:hello');
    const longest = `category:${'x'.repeat(LOCK_KEY_MAX_LENGTH - 9)}`;
    assert.equal(lockKey(longest), longest);
  });

  it('turns a longer name into a readable prefix and its SHA-256, the same every time', () => {
    const name = `category:${'a'.repeat(200)}/${'b'.repeat(100)}`;
    const key = lockKey(name);
    assert.ok(Array.from(key).length <= LOCK_KEY_MAX_LENGTH, `${key.length} characters`);
    assert.ok(key.startsWith('category:aaaa'));
    assert.match(key, /#sha256:[0-9a-f]{64}$/);
    assert.equal(lockKey(name), key);
  });

  it('gives names that differ only after the prefix different keys', () => {
    const base = `category:${'a'.repeat(300)}`;
    assert.notEqual(lockKey(`${base}/one`), lockKey(`${base}/two`));
  });

  it('counts characters, not UTF-16 units, and never splits one', () => {
    const emoji = '🌱'.repeat(LOCK_KEY_MAX_LENGTH);
    assert.equal(lockKey(emoji), emoji, '255 characters fit although they are 510 UTF-16 units');
    const key = lockKey(`${emoji}🌱`);
    assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(key), 'no lone high surrogate');
  });

  it("digests a short name that looks like a digested key, so it cannot take another name's lock", () => {
    const long = `category:${'a'.repeat(300)}`;
    const lookalike = lockKey(long);
    assert.notEqual(lockKey(lookalike), lookalike);
  });
});
