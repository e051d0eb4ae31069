import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertValidConfig,
  DEFAULT_CONFIG,
  DEFAULT_VIDEO_EMBED_HOSTS,
  resolveEffectiveConfig,
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
});

describe('effective config', () => {
  it('lets the ARTICLE_PUBLISHER_* variables override the file', () => {
    const effective = resolveEffectiveConfig(withOverrides({ apiKey: 'from-the-config-file' }), {
      ARTICLE_PUBLISHER_API_KEY: 'from-the-environment-0123',
      ARTICLE_PUBLISHER_WEBHOOK_SECRET: 'webhook-secret-0123456789',
      ARTICLE_PUBLISHER_ALLOW_HTTP: 'true',
      ARTICLE_PUBLISHER_ALLOW_PRIVATE_NETWORKS: '1',
    });
    assert.equal(effective.apiKey, 'from-the-environment-0123');
    assert.equal(effective.webhookSecret, 'webhook-secret-0123456789');
    assert.equal(effective.images.allowHttp, true);
    assert.equal(effective.images.allowPrivateNetworks, true);
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
