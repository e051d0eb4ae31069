import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PRESET_NAMES, presetOptionIssues, type PresetName } from '../src/hooks/endpoints';
import type { HookRequest } from '../src/hooks/preset';
import { PRESET_SAMPLES } from '../src/hooks/preset-samples';
import { PRESETS } from '../src/hooks/presets';

/** The headers each service sends beside its credentials (the event, the signed timestamp), as the docs' curl lines do. */
const SERVICE_HEADERS: Partial<Record<PresetName, Record<string, string>>> = {
  seogrove: { 'X-SEOGrove-Event': 'content.published' },
  citeflow: { 'X-CiteFlow-Timestamp': String(Math.floor(Date.now() / 1000)) },
  ranket: { 'X-Ranket-Timestamp': new Date().toISOString(), 'X-Ranket-Event': 'article.published' },
};

const requestWith = (headers: Record<string, string>): HookRequest => {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { header: (name) => byName.get(name.toLowerCase()) };
};

const CDN = 'https://cdn.example.com/';

/** Every string inside a value, with the key it is under. */
function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item) => strings(item, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => strings(item, name));
  return [];
}

describe('PRESET_SAMPLES: one documented delivery per preset, read by its preset (issues #59, #60)', () => {
  it('has a sample for every preset, and only those', () => {
    assert.deepEqual(Object.keys(PRESET_SAMPLES).sort(), [...PRESET_NAMES].sort());
  });

  for (const preset of PRESET_NAMES) {
    const sample = PRESET_SAMPLES[preset];
    it(`${preset}: lands as articles that prepare, with the service's headers or with none`, () => {
      assert.deepEqual(presetOptionIssues(preset, sample.options ?? {}), [], 'its options are valid');
      for (const headers of [SERVICE_HEADERS[preset] ?? {}, {}]) {
        // A copy: reading must not depend on (or change) the shared constant.
        const delivery = PRESETS[preset].read(
          structuredClone(sample.payload),
          requestWith(headers),
          sample.options ?? {}
        );
        assert.equal(delivery.kind, 'articles', JSON.stringify(delivery));
        if (delivery.kind !== 'articles') continue;
        assert.equal(delivery.event, sample.event);
        assert.ok(delivery.articles.length >= 1);
        for (const prepare of delivery.articles) {
          const { fields, warnings } = prepare();
          assert.ok(fields.title.trim(), 'a title');
          assert.ok(fields.html.trim(), 'a body');
          assert.equal(warnings, undefined, 'every mapped value is found');
          if (fields.featuredImage)
            assert.ok(
              typeof fields.featuredImage.source === 'string' && fields.featuredImage.source.startsWith(CDN),
              `the cover is on ${CDN}`
            );
        }
      }
    });
  }

  it('every image of every sample is on https://cdn.example.com/ (the recipe test swaps that host out)', () => {
    for (const preset of PRESET_NAMES) {
      const images = strings(PRESET_SAMPLES[preset].payload).filter(([, value]) =>
        /^https?:\/\/\S+\.(jpe?g|png|webp|gif|avif)$/i.test(value)
      );
      for (const [key, url] of images) assert.ok(url.startsWith(CDN), `${preset}: ${key} ${url}`);
    }
  });

  it('a cover comes with its alt text where the service sends one', () => {
    const withAlt: PresetName[] = [
      'contract',
      'blogseo',
      'seocraftai',
      'seoladders',
      'citeflow',
      'arvow',
      'journalist',
      'seogrove',
      'ranket',
      'custom',
    ];
    for (const preset of withAlt) {
      const sample = PRESET_SAMPLES[preset];
      const delivery = PRESETS[preset].read(sample.payload, requestWith({}), sample.options ?? {});
      assert.equal(delivery.kind, 'articles');
      if (delivery.kind !== 'articles') continue;
      const { featuredImage } = delivery.articles[0]().fields;
      assert.ok(featuredImage?.alt?.trim(), `${preset}: its cover has an alt text`);
    }
  });
});
