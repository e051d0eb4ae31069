import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  authenticate,
  checkHeaders,
  secretsEqual,
  signatureBytes,
  timestampInstant,
  TIMESTAMP_WINDOW_SECONDS,
  type AuthScheme,
} from '../src/hooks/auth';

const SECRET = 'a-long-enough-endpoint-secret';
const body = Buffer.from('{"title":"Crème brûlée ✓"}');
const hex = (secret: string, ...parts: (string | Buffer)[]) => {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest('hex');
};
const now = new Date('2026-01-01T12:00:00Z');
const requestWith = (headers: Record<string, string>) => {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { header: (name: string) => lower.get(name.toLowerCase()), now };
};
const passes = (
  scheme: AuthScheme,
  headers: Record<string, string>,
  raw: Buffer = body,
  secrets = [SECRET]
) => authenticate(scheme, requestWith(headers), raw, secrets);

describe('custom webhook auth: the seven schemes', () => {
  it('static Bearer: the token must equal the secret', () => {
    const scheme: AuthScheme = { kind: 'bearer' };
    assert.deepEqual(passes(scheme, { Authorization: `Bearer ${SECRET}` }), { ok: true });
    assert.deepEqual(passes(scheme, { authorization: `bearer ${SECRET}` }), { ok: true });
    assert.equal(passes(scheme, { Authorization: 'Bearer wrong' }).ok, false);
    assert.deepEqual(passes(scheme, {}), { ok: false, failure: 'missing', header: 'Authorization' });
    assert.deepEqual(passes(scheme, { Authorization: SECRET }), {
      ok: false,
      failure: 'malformed',
      header: 'Authorization',
    });
  });

  it('a secret in a fixed header (X-Webhook-Secret, X-SECRET), and in a header the owner names', () => {
    for (const header of ['X-Webhook-Secret', 'X-SECRET', 'X-Api-Key']) {
      const scheme: AuthScheme = { kind: 'header', header };
      assert.deepEqual(passes(scheme, { [header]: SECRET }), { ok: true });
      assert.deepEqual(passes(scheme, { [header]: `${SECRET}x` }), {
        ok: false,
        failure: 'mismatch',
        header,
      });
      assert.deepEqual(passes(scheme, { 'X-Other': SECRET }), { ok: false, failure: 'missing', header });
    }
  });

  it('HMAC-SHA256 of the raw body as bare hex or sha256=<hex>, over the exact bytes', () => {
    const digest = hex(SECRET, body);
    const bare: AuthScheme = { kind: 'hmac', header: 'X-Sig', format: 'hex' };
    const prefixed: AuthScheme = { kind: 'hmac', header: 'X-Sig', format: 'sha256=' };
    const either: AuthScheme = { kind: 'hmac', header: 'X-Sig', format: 'either' };
    assert.deepEqual(passes(bare, { 'X-Sig': digest }), { ok: true });
    assert.deepEqual(passes(prefixed, { 'X-Sig': `sha256=${digest}` }), { ok: true });
    assert.deepEqual(passes(either, { 'X-Sig': digest.toUpperCase() }), { ok: true });
    assert.deepEqual(passes(either, { 'X-Sig': `sha256=${digest}` }), { ok: true });
    assert.equal(passes(bare, { 'X-Sig': `sha256=${digest}` }).ok, false);
    assert.equal(passes(prefixed, { 'X-Sig': digest }).ok, false);
    // One byte changed (the same text re-encoded would differ too): refused.
    const altered = Buffer.concat([body, Buffer.from(' ')]);
    assert.deepEqual(passes(bare, { 'X-Sig': digest }, altered), {
      ok: false,
      failure: 'mismatch',
      header: 'X-Sig',
    });
    assert.equal(passes(bare, { 'X-Sig': hex('other-secret', body) }).ok, false);
  });

  it("RankPill's two signature headers: either one is enough, a wrong one is a mismatch", () => {
    const scheme: AuthScheme = {
      kind: 'any',
      schemes: [
        { kind: 'hmac', header: 'X-RankPill-Signature', format: 'either' },
        { kind: 'hmac', header: 'Authorization', format: 'sha256=' },
      ],
    };
    const digest = hex(SECRET, body);
    assert.deepEqual(passes(scheme, { 'X-RankPill-Signature': digest }), { ok: true });
    assert.deepEqual(passes(scheme, { Authorization: `sha256=${digest}` }), { ok: true });
    assert.deepEqual(passes(scheme, { Authorization: `sha256=${hex('x', body)}` }), {
      ok: false,
      failure: 'mismatch',
      header: 'Authorization',
    });
  });

  it('HMAC over timestamp.body: unix seconds or ISO 8601, refused outside five minutes', () => {
    const unix: AuthScheme = {
      kind: 'timestamped-hmac',
      header: 'X-Sig',
      timestampHeader: 'X-Ts',
      timestamp: 'unix',
      windowSeconds: TIMESTAMP_WINDOW_SECONDS,
    };
    const iso: AuthScheme = { ...unix, timestamp: 'iso' };
    const sign = (stamp: string) => ({ 'X-Ts': stamp, 'X-Sig': `sha256=${hex(SECRET, stamp, '.', body)}` });
    const seconds = (offset: number) => String(Math.floor(now.getTime() / 1000) + offset);
    assert.deepEqual(passes(unix, sign(seconds(0))), { ok: true });
    assert.deepEqual(passes(unix, sign(seconds(-299))), { ok: true });
    assert.deepEqual(passes(unix, sign(seconds(-301))), { ok: false, failure: 'stale', header: 'X-Ts' });
    assert.deepEqual(passes(unix, sign(seconds(301))), { ok: false, failure: 'stale', header: 'X-Ts' });
    assert.deepEqual(passes(iso, sign('2026-01-01T11:58:00.000Z')), { ok: true });
    assert.deepEqual(passes(iso, sign('2026-01-01T11:50:00Z')), {
      ok: false,
      failure: 'stale',
      header: 'X-Ts',
    });
    // A signature over the body alone, or with another timestamp, does not pass.
    assert.equal(passes(unix, { 'X-Ts': seconds(0), 'X-Sig': `sha256=${hex(SECRET, body)}` }).ok, false);
    assert.equal(passes(unix, { ...sign(seconds(0)), 'X-Ts': seconds(1) }).ok, false);
    assert.deepEqual(passes(unix, sign('2026-01-01T12:00:00Z')), {
      ok: false,
      failure: 'malformed',
      header: 'X-Ts',
    });
  });

  it('none passes without anything; all needs each part (EarlySEO: Bearer and a signature)', () => {
    assert.deepEqual(passes({ kind: 'none' }, {}), { ok: true });
    const scheme: AuthScheme = {
      kind: 'all',
      schemes: [{ kind: 'bearer' }, { kind: 'hmac', header: 'X-Earlyseo-Signature', format: 'either' }],
    };
    const signature = hex(SECRET, body);
    assert.deepEqual(
      passes(scheme, { Authorization: `Bearer ${SECRET}`, 'X-Earlyseo-Signature': signature }),
      { ok: true }
    );
    assert.equal(passes(scheme, { 'X-Earlyseo-Signature': signature }).ok, false);
    assert.equal(passes(scheme, { Authorization: `Bearer ${SECRET}` }).ok, false);
  });

  it('checks the headers before the body: a malformed signature or a stale timestamp is refused unread', () => {
    const hmac: AuthScheme = { kind: 'hmac', header: 'X-Sig', format: 'hex' };
    assert.deepEqual(checkHeaders(hmac, requestWith({ 'X-Sig': 'zz' }), [SECRET]), {
      ok: false,
      failure: 'malformed',
      header: 'X-Sig',
    });
    assert.deepEqual(checkHeaders(hmac, requestWith({ 'X-Sig': hex('any', 'thing') }), [SECRET]), {
      ok: true,
    });
  });

  it('any secret of a list passes (a regenerated secret keeps the old one for its grace period)', () => {
    assert.deepEqual(
      passes({ kind: 'bearer' }, { Authorization: 'Bearer old-secret' }, body, ['new-secret', 'old-secret']),
      { ok: true }
    );
    const digest = hex('old-secret', body);
    assert.deepEqual(
      passes({ kind: 'hmac', header: 'X-Sig', format: 'hex' }, { 'X-Sig': digest }, body, [
        'new-secret',
        'old-secret',
      ]),
      { ok: true }
    );
  });

  it('compares in constant time over equal lengths, whatever the lengths given', () => {
    assert.equal(secretsEqual('a', 'a'), true);
    assert.equal(secretsEqual('a', 'a'.repeat(1000)), false);
    assert.equal(signatureBytes('sha256=' + 'a'.repeat(64), 'hex'), null);
    assert.equal(signatureBytes('a'.repeat(63), 'either'), null);
    assert.equal(timestampInstant('1700000000', 'unix')?.toISOString(), '2023-11-14T22:13:20.000Z');
    assert.equal(timestampInstant('2026-01-01', 'iso'), null);
  });
});
