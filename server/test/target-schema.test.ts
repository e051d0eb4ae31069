/** The target profile kept per process (server/src/common/services/target-schema.ts, issue #30). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Core } from '@strapi/strapi';
import { DEFAULT_CONFIG, resolveEffectiveConfig } from '../../core/src/config';
import { deepFreeze } from '../../core/src/deep-freeze';
import targetSchema from '../src/common/services/target-schema';

/** Strapi's runtime models of one article type, counting how often the service reads them. */
function siteWithArticles() {
  let reads = 0;
  const contentTypes = {
    'api::article.article': {
      kind: 'collectionType',
      info: { singularName: 'article', displayName: 'Article' },
      options: { draftAndPublish: true },
      attributes: {
        title: { type: 'string', required: true },
        slug: { type: 'uid', targetField: 'title' },
        content: { type: 'richtext' },
        summary: { type: 'text' },
      },
    },
  };
  const strapi = {
    get contentTypes() {
      reads++;
      return contentTypes;
    },
    components: {},
    // The author of required author-like fields falls back to the application's name.
    config: { get: (_key: string, fallback: unknown) => fallback },
  } as unknown as Core.Strapi;
  return { strapi, reads: () => reads };
}

const config = (settings: Record<string, unknown> = {}) =>
  resolveEffectiveConfig({ ...DEFAULT_CONFIG, targetContentType: 'api::article.article', ...settings }, {});

describe('the target profile, kept per process', () => {
  it('is built once for the same settings, and again for changed ones', () => {
    const site = siteWithArticles();
    const service = targetSchema({ strapi: site.strapi });
    const first = service.profile(config());
    const readsOfOneBuild = site.reads();
    assert.ok(readsOfOneBuild > 0);
    // A config read again from the store (a new object with the same settings) finds the same profile.
    assert.equal(service.profile(config()), first);
    assert.equal(site.reads(), readsOfOneBuild);
    const html = service.profile(config({ bodyFormat: 'html' }));
    assert.notEqual(html, first);
    assert.equal(html.body?.body.format, 'html');
    assert.equal(first.body?.body.format, 'markdown', 'a rich text field takes Markdown unless told');
    assert.equal(service.profile(config({ fields: { summary: 'summary' } })).summary?.field, 'summary');
    assert.equal(service.profile(config()), first, 'the first settings are still kept');
  });

  it('is frozen: one request cannot change what the next one reads', () => {
    const service = targetSchema({ strapi: siteWithArticles().strapi });
    const profile = service.profile(config());
    assert.throws(() => {
      (profile as { uid: string }).uid = 'api::other.other';
    }, TypeError);
    assert.throws(() => (profile.problems.degraded as string[]).push('changed'), TypeError);
  });

  it('deepFreeze freezes nested objects and arrays, and copes with cycles', () => {
    const value: { list: { n: number }[]; self?: unknown } = { list: [{ n: 1 }] };
    value.self = value;
    deepFreeze(value);
    assert.ok(Object.isFrozen(value.list[0]));
    assert.throws(() => {
      value.list[0].n = 2;
    }, TypeError);
  });
});
