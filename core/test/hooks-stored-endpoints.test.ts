import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pluginConfigSchema, DEFAULT_CONFIG } from '../src/config';
import { webhookEndpointSchema } from '../src/hooks/endpoints';
import {
  checkUpdate,
  createHookEndpointBody,
  generateEndpointId,
  generateEndpointSecret,
  isUnauthenticated,
  presetIsUnauthenticated,
  regenerateHookSecretBody,
  secretsInForce,
} from '../src/hooks/stored-endpoints';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('webhook endpoints created in the admin (issue #42)', () => {
  it('generates unguessable URL-safe ids the config validator would accept too', () => {
    const ids = new Set(Array.from({ length: 200 }, generateEndpointId));
    assert.equal(ids.size, 200);
    for (const id of ids) {
      assert.match(id, /^[A-Za-z0-9_-]{32}$/);
      assert.ok(webhookEndpointSchema.safeParse({ id, preset: 'outrank', secret: 'x' }).success);
    }
  });

  it('generates 256-bit hex secrets', () => {
    const secret = generateEndpointSecret();
    assert.match(secret, /^[0-9a-f]{64}$/);
    assert.notEqual(secret, generateEndpointSecret());
  });

  it('accepts the previous secret only until its grace period ends', () => {
    const until = new Date('2026-01-02T00:00:00Z');
    const record = { secret: 'new-secret', previousSecret: 'old-secret', previousValidUntil: until };
    assert.deepEqual(secretsInForce(record, new Date('2026-01-01T23:59:59Z')), ['new-secret', 'old-secret']);
    assert.deepEqual(secretsInForce(record, until), ['new-secret']);
    assert.deepEqual(secretsInForce({ ...record, previousSecret: null }, new Date(0)), ['new-secret']);
    assert.deepEqual(secretsInForce({ ...record, previousValidUntil: null }, new Date(0)), ['new-secret']);
  });

  it('knows which presets and options leave an endpoint without auth', () => {
    assert.equal(presetIsUnauthenticated('seocraftai', { auth: 'none' }), true);
    assert.equal(presetIsUnauthenticated('seocraftai', {}), false);
    assert.equal(
      presetIsUnauthenticated('custom', { auth: { kind: 'none' }, fields: { title: 'a', html: 'b' } }),
      true
    );
    assert.equal(presetIsUnauthenticated('earlyseo', {}), false);
    assert.equal(isUnauthenticated({ kind: 'any', schemes: [{ kind: 'bearer' }, { kind: 'none' }] }), true);
    assert.equal(isUnauthenticated({ kind: 'all', schemes: [{ kind: 'bearer' }, { kind: 'none' }] }), false);
  });

  it('checks a new endpoint: name, preset, the preset options, a given secret, auth none only when allowed', () => {
    assert.ok(createHookEndpointBody.safeParse({ name: 'Outrank', preset: 'outrank' }).success);
    assert.deepEqual(paths(createHookEndpointBody.safeParse({ name: ' ', preset: 'outrank' })), ['name']);
    assert.deepEqual(paths(createHookEndpointBody.safeParse({ name: 'x', preset: 'wordpress' })), ['preset']);
    assert.deepEqual(
      paths(createHookEndpointBody.safeParse({ name: 'x', preset: 'outrank', secret: 'fifteen-chars!!' })),
      ['secret']
    );
    assert.deepEqual(
      paths(createHookEndpointBody.safeParse({ name: 'x', preset: 'outrank', options: { a: 1, b: 2 } })),
      ['options.a', 'options.b']
    );
    assert.deepEqual(
      paths(
        createHookEndpointBody.safeParse({ name: 'x', preset: 'seocraftai', options: { auth: 'header' } })
      ),
      ['options.header']
    );
    const open = { name: 'x', preset: 'seocraftai', options: { auth: 'none' } };
    assert.deepEqual(paths(createHookEndpointBody.safeParse(open)), ['allowUnauthenticated']);
    assert.ok(createHookEndpointBody.safeParse({ ...open, allowUnauthenticated: true }).success);
  });

  it('checks an update against the preset; a rename of an endpoint without auth is not asked again', () => {
    assert.equal(checkUpdate('seocraftai', { name: 'Renamed', enabled: false }), null);
    assert.deepEqual(
      checkUpdate('seocraftai', { options: { auth: 'none' } })?.issues.map((issue) => issue.path.join('.')),
      ['allowUnauthenticated']
    );
    assert.equal(checkUpdate('seocraftai', { options: { auth: 'none' }, allowUnauthenticated: true }), null);
    assert.deepEqual(
      checkUpdate('blogseo', { options: { header: 'not a header' } })?.issues.map((issue) =>
        issue.path.join('.')
      ),
      ['options.header']
    );
  });

  it('regenerates with an optional given secret and an optional end of the old one', () => {
    assert.ok(regenerateHookSecretBody.safeParse({}).success);
    assert.ok(regenerateHookSecretBody.safeParse({ endPreviousNow: true }).success);
    assert.deepEqual(paths(regenerateHookSecretBody.safeParse({ secret: 'short' })), ['secret']);
    assert.deepEqual(paths(regenerateHookSecretBody.safeParse({ grace: 1 })), ['']);
  });

  it('has a documented default grace period of a day, configurable from a second to a month', () => {
    assert.equal(DEFAULT_CONFIG.hookSecretGraceSeconds, 86_400);
    const grace = pluginConfigSchema.shape.hookSecretGraceSeconds;
    assert.ok(grace.safeParse(1).success);
    assert.ok(grace.safeParse(30 * 86_400).success);
    assert.ok(!grace.safeParse(0).success);
    assert.ok(!grace.safeParse(30 * 86_400 + 1).success);
    assert.ok(!grace.safeParse(1.5).success);
  });
});
