import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertValidConfig,
  DEFAULT_CONFIG,
  DEFAULT_VIDEO_EMBED_HOSTS,
  resolveEffectiveConfig,
  workerPoolSize,
  type EffectiveConfig,
} from '../src/config';

const withOverrides = (overrides: Record<string, unknown>) => ({
  ...structuredClone(DEFAULT_CONFIG),
  ...overrides,
});

describe('plugin config validation', () => {
  it('accepts the defaults', () => {
    assert.doesNotThrow(() => assertValidConfig(DEFAULT_CONFIG));
  });

  it('names every bad option in one message', () => {
    assert.throws(
      () =>
        assertValidConfig(
          withOverrides({
            targetContentType: 'article',
            siteUrl: 'ftp://x',
            defaultStatus: 'live',
            extra: true,
          })
        ),
      (error: Error) => {
        assert.match(error.message, /^Invalid article-publisher config: /);
        assert.match(error.message, /"targetContentType" must be a content type UID/);
        assert.match(error.message, /"siteUrl"/);
        assert.match(error.message, /"defaultStatus"/);
        assert.match(error.message, /unknown option "extra"/);
        return true;
      }
    );
  });

  it('rejects a post URL template without a placeholder and nested wrong types', () => {
    assert.throws(
      () => assertValidConfig(withOverrides({ postUrlTemplate: '/blog' })),
      /"postUrlTemplate" must contain/
    );
    assert.throws(
      () => assertValidConfig(withOverrides({ images: { ...DEFAULT_CONFIG.images, concurrency: 0 } })),
      /"images\.concurrency"/
    );
    assert.throws(
      () => assertValidConfig(withOverrides({ videoEmbedHosts: ['http://player.example/embed/'] })),
      /"videoEmbedHosts\.0" must be https/
    );
  });

  it('names a bad orphan sweep period or grace period', () => {
    assert.throws(
      () => assertValidConfig(withOverrides({ orphanSweep: { everySeconds: 0, graceSeconds: -1 } })),
      (error: Error) => {
        assert.match(error.message, /"orphanSweep\.everySeconds"/);
        assert.match(error.message, /"orphanSweep\.graceSeconds"/);
        return true;
      }
    );
    assert.throws(
      () => assertValidConfig(withOverrides({ orphanSweep: { everySeconds: 60, graceSeconds: 60, x: 1 } })),
      /unknown option "orphanSweep\.x"/
    );
  });

  it('takes workerThreads as "auto" or 0 to 64 threads, and names a bad value with the value given', () => {
    assert.equal(DEFAULT_CONFIG.workerThreads, 'auto');
    for (const workerThreads of ['auto', 0, 1, 64]) {
      assert.equal(assertValidConfig(withOverrides({ workerThreads })).workerThreads, workerThreads);
    }
    for (const [workerThreads, shown] of [
      [-1, '-1'],
      [2.5, '2.5'],
      [65, '65'],
    ] as const) {
      assert.throws(
        () => assertValidConfig(withOverrides({ workerThreads })),
        new RegExp(`"workerThreads" must be "auto" or a whole number of threads from 0 to 64, not ${shown}`)
      );
    }
    assert.throws(() => assertValidConfig(withOverrides({ workerThreads: 'four' })), /"workerThreads"/);
  });

  it('sizes the pool: auto leaves one core to the event loop (at least one thread), a number is taken as is', () => {
    assert.equal(workerPoolSize('auto', 4), 3);
    assert.equal(workerPoolSize('auto', 1), 1);
    assert.equal(workerPoolSize(2, 16), 2);
    assert.equal(workerPoolSize(0, 16), 0);
  });

  it('names bad webhook body timeouts', () => {
    assert.throws(
      () => assertValidConfig(withOverrides({ webhookIdleTimeoutMs: 0, webhookReadTimeoutMs: '60s' })),
      (error: Error) => {
        assert.match(error.message, /"webhookIdleTimeoutMs"/);
        assert.match(error.message, /"webhookReadTimeoutMs"/);
        return true;
      }
    );
  });
});

describe('effective config', () => {
  it('lets the ARTICLE_PUBLISHER_* variables override the file', () => {
    // Each variable, its value, and what the effective config then holds where it shows.
    const overrides: [
      variable: string,
      value: string,
      read: (config: EffectiveConfig) => unknown,
      expected: unknown,
    ][] = [
      [
        'ARTICLE_PUBLISHER_API_KEY',
        'from-the-environment-0123',
        (c) => c.apiKey,
        'from-the-environment-0123',
      ],
      [
        'ARTICLE_PUBLISHER_WEBHOOK_SECRET',
        'webhook-secret-0123456789',
        (c) => c.webhookSecret,
        'webhook-secret-0123456789',
      ],
      ['ARTICLE_PUBLISHER_ALLOW_HTTP', 'true', (c) => c.images.allowHttp, true],
      ['ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS', '1', (c) => c.images.allowPrivateNetworks, true],
    ];
    const env = Object.fromEntries(overrides.map(([variable, value]) => [variable, value]));
    const effective = resolveEffectiveConfig(withOverrides({ apiKey: 'from-the-config-file' }), env);
    for (const [variable, , read, expected] of overrides) assert.equal(read(effective), expected, variable);
  });

  it('keeps the file values when the variables are absent, and fills the default video hosts', () => {
    const effective = resolveEffectiveConfig(withOverrides({ apiKey: 'from-the-config-file' }), {});
    assert.equal(effective.apiKey, 'from-the-config-file');
    assert.equal(effective.images.allowHttp, false);
    assert.deepEqual(effective.videoEmbedHosts, DEFAULT_VIDEO_EMBED_HOSTS);
    const custom = resolveEffectiveConfig(
      withOverrides({ videoEmbedHosts: ['https://player.vimeo.com/video/'] }),
      {}
    );
    assert.deepEqual(custom.videoEmbedHosts, ['https://player.vimeo.com/video/']);
  });
});
