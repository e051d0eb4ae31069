import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { assertValidConfig, DEFAULT_CONFIG } from '../src/config';
import { PRESET_NAMES, type PresetName } from '../src/hooks/endpoints';
import type { PreparedArticle } from '../src/hooks/hook-article';
import { readPath } from '../src/hooks/json-path';
import type { HookDelivery, HookRequest } from '../src/hooks/preset';
import { PRESETS } from '../src/hooks/presets';

const fixtures = path.join(__dirname, '..', '..', 'test', 'fixtures');
const sample = (preset: PresetName): unknown =>
  JSON.parse(
    fs.readFileSync(
      preset === 'contract'
        ? path.join(fixtures, 'webhook-payload.json')
        : path.join(fixtures, 'hooks', `${preset}.json`),
      'utf8'
    )
  );
const noHeaders: HookRequest = { header: () => undefined };
const read = (preset: PresetName, body: unknown, options: unknown = {}, headers = noHeaders): HookDelivery =>
  PRESETS[preset].read(body, headers, options);
const articles = (delivery: HookDelivery): PreparedArticle[] => {
  assert.equal(delivery.kind, 'articles');
  return delivery.kind === 'articles' ? delivery.articles.map((prepare) => prepare()) : [];
};
const only = (preset: PresetName, options: unknown = {}, headers = noHeaders) => {
  const [article, ...rest] = articles(read(preset, sample(preset), options, headers));
  assert.equal(rest.length, 0);
  return article;
};

describe('custom webhook presets map each documented sample onto the article', () => {
  it('contract: the signed webhook payload, keyed on article_id', () => {
    const { externalId, fields } = only('contract');
    assert.equal(externalId, '1042');
    assert.equal(fields.slug, 'how-to-choose-a-garden-hose');
    assert.equal(fields.featuredImage?.alt, 'Garden hose with a brass nozzle');
    assert.equal(read('contract', { event: 'article.deleted' }).kind, 'ignored');
  });

  it('outrank: a batch in data.articles, tags as keywords; other events are acknowledged', () => {
    const { externalId, fields } = only('outrank');
    assert.equal(externalId, '123456');
    assert.equal(fields.title, 'How to Implement Webhooks');
    assert.equal(fields.slug, 'how-to-implement-webhooks');
    assert.match(fields.html, /^<h2>What a webhook is<\/h2>/);
    assert.equal(fields.metaDescription, 'Learn how to implement webhooks step by step.');
    assert.equal(fields.featuredImage?.source, 'https://images.example.test/outrank/webhooks.jpg');
    assert.deepEqual([fields.focusKeyword, ...fields.secondaryKeywords], ['webhooks', 'api']);
    assert.equal(read('outrank', { event_type: 'test' }).kind, 'ignored');
    const update = read('outrank', {
      event_type: 'update_article',
      data: { article: { id: 9, title: 'T', content_html: '<p>x</p>' } },
    });
    assert.equal(articles(update)[0].externalId, '9');
  });

  it('outrank: one malformed article of a batch fails alone', () => {
    const delivery = read('outrank', {
      event_type: 'publish_articles',
      data: {
        articles: [
          { title: 'A', content_html: '<p>a</p>' },
          { id: 'bad' },
          { title: 'C', content_html: '<p>c</p>' },
        ],
      },
    });
    assert.equal(delivery.kind, 'articles');
    if (delivery.kind !== 'articles') return;
    assert.equal(delivery.articles[0]().fields.title, 'A');
    assert.throws(() => delivery.articles[1](), /article 2 of the batch: title is required/);
    assert.equal(delivery.articles[2]().fields.title, 'C');
  });

  it('blogseo: article + main_image; a Markdown body is taken as Markdown', () => {
    const { externalId, fields } = only('blogseo');
    assert.equal(externalId, '7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b');
    assert.equal(fields.featuredImage?.alt, 'Running shoes on a track');
    assert.equal(fields.focusKeyword, 'best running shoes');
    assert.equal(fields.date?.toISOString(), '2024-01-15T10:30:00.000Z');
    const markdown = sample('blogseo') as { article: Record<string, unknown> };
    markdown.article.format = 'markdown';
    assert.equal(articles(read('blogseo', markdown))[0].fields.contentFormat, 'markdown');
    assert.deepEqual(PRESETS.blogseo.auth({}), { kind: 'header', header: 'X-Webhook-Secret' });
    assert.deepEqual(PRESETS.blogseo.auth({ header: 'X-Mine' }), { kind: 'header', header: 'X-Mine' });
  });

  it('seocraftai: the envelope, seo meta and keywords; test writes nothing', () => {
    const { fields } = only('seocraftai');
    assert.equal(fields.metaTitle, 'Apartment Composting Guide');
    assert.equal(fields.summary, 'Yes, you can compost without a garden.');
    assert.deepEqual([fields.focusKeyword, ...fields.secondaryKeywords], ['apartment composting', 'bokashi']);
    assert.equal(read('seocraftai', { event: 'test' }).kind, 'ignored');
    assert.deepEqual(PRESETS.seocraftai.auth({ auth: 'none' }), { kind: 'none' });
  });

  it('seoladders: flat, FAQ appended as a section, JSON-LD kept, PUT accepted', () => {
    const { fields } = only('seoladders');
    assert.equal(fields.metaTitle, 'How Do Solar Panels Work? A Plain Guide');
    assert.match(
      fields.html,
      /<h2>Frequently asked questions<\/h2>\n<h3>Do panels work on cloudy days\?<\/h3>\n<p>Yes, at a lower output.<\/p>$/
    );
    assert.equal((fields.jsonLd as { '@type': string })['@type'], 'Article');
    assert.deepEqual(PRESETS.seoladders.methods, ['POST', 'PUT']);
  });

  it('rankpill: no id (the slug is the key), status read, test: true writes nothing', () => {
    const { externalId, fields } = only('rankpill');
    assert.equal(externalId, undefined);
    assert.equal(fields.status, 'publish');
    assert.equal(fields.featuredImage?.source, 'https://images.example.test/rankpill/plants.jpg');
    assert.equal(read('rankpill', { ...(sample('rankpill') as object), test: true }).kind, 'ignored');
  });

  it('ranksector, getmywebrank: flat, no id; JSON-LD as JSON text', () => {
    assert.deepEqual(only('ranksector').fields.secondaryKeywords, ['sourdough']);
    const { fields } = only('getmywebrank');
    assert.deepEqual(
      [fields.focusKeyword, ...fields.secondaryKeywords],
      ['standing desk', 'ergonomic desk', 'sit stand desk']
    );
    assert.equal(fields.summary, 'What to check before you buy a standing desk.');
    assert.deepEqual(
      (fields.jsonLd as { '@type': string }[]).map((doc) => doc['@type']),
      ['Article', 'FAQPage']
    );
  });

  it('citeflow: article.published with hero image and target keywords; an empty schema_json is none', () => {
    const { externalId, fields } = only('citeflow');
    assert.equal(externalId, '4e8f2a1c-9b3d-4c5e-8f6a-7b8c9d0e1f2a');
    assert.equal(fields.featuredImage?.alt, 'A map with pins');
    assert.equal(fields.jsonLd, undefined);
    assert.equal(read('citeflow', { event: 'test' }).kind, 'ignored');
  });

  it('babylovegrowth: a numeric id, the leading <h1> and hero image removed, wrapped or bare', () => {
    const { externalId, fields } = only('babylovegrowth');
    assert.equal(externalId, '10');
    assert.equal(fields.html, '<h2>Newborns</h2><p>Newborns sleep up to 17 hours a day.</p>');
    assert.equal(fields.locale, 'en');
    assert.equal(articles(read('babylovegrowth', { article: sample('babylovegrowth') }))[0].externalId, '10');
  });

  it('arvow and journalist: HTML in content, no slug (derived later), thumbnail and alt', () => {
    for (const preset of ['arvow', 'journalist'] as const) {
      const { fields } = only(preset);
      assert.equal(fields.slug, undefined);
      assert.ok(fields.featuredImage?.alt);
      assert.deepEqual(PRESETS[preset].auth({}), { kind: 'header', header: 'X-SECRET' });
    }
  });

  it('seogrove: content.published from the header or body; ping writes nothing; deletes withdraw the post', () => {
    const { externalId, fields } = only('seogrove');
    assert.equal(externalId, '42');
    assert.equal(fields.metaTitle, 'Kayaking for Beginners: A First-Day Guide');
    assert.equal(fields.locale, 'en');
    assert.equal(read('seogrove', sample('seogrove'), {}, { header: () => 'ping' }).kind, 'ignored');
    assert.equal(read('seogrove', { event: 'content.deleted', content: { id: 42 } }).kind, 'withdraw');
  });

  it('ranket: the hero image of images[], FAQ and JSON-LD', () => {
    const { fields } = only('ranket');
    assert.equal(fields.featuredImage?.alt, 'Lisbon tram');
    assert.equal(fields.metaTitle, 'Portugal on a Budget');
    assert.match(fields.html, /When is it cheapest\?/);
  });

  it('earlyseo: contentRawHtml, tags', () => {
    const { fields } = only('earlyseo');
    assert.equal(fields.html, '<h2>Keep it short</h2><p>Under fifty characters works best.</p>');
    assert.deepEqual([fields.focusKeyword, ...fields.secondaryKeywords], ['email', 'marketing']);
  });

  it('custom: JSON paths into a payload nobody documented (nested, arrays, [] over a list)', () => {
    const options = JSON.parse(fs.readFileSync(path.join(fixtures, 'hooks', 'custom-options.json'), 'utf8'));
    const { externalId, fields } = only('custom', options);
    assert.equal(externalId, 'cx-1');
    assert.equal(fields.title, 'Growing Tomatoes on a Balcony');
    assert.equal(fields.featuredImage?.alt, 'Tomatoes in pots');
    assert.deepEqual([fields.focusKeyword, ...fields.secondaryKeywords], ['gardening', 'balcony']);
    assert.equal(read('custom', { kind: 'post.test' }, options).kind, 'ignored');
    assert.equal(readPath({ a: [{ b: 1 }, { b: 2 }] }, 'a[].b') instanceof Array, true);
    assert.equal(readPath({}, '__proto__.polluted'), undefined);
  });
});

describe('webhookEndpoints in the plugin config', () => {
  const config = (webhookEndpoints: unknown) => ({ ...structuredClone(DEFAULT_CONFIG), webhookEndpoints });

  it('accepts an endpoint of every preset', () => {
    const custom = { auth: { kind: 'bearer' }, fields: { title: 'title', html: 'html' } };
    assert.doesNotThrow(() =>
      assertValidConfig(
        config(
          PRESET_NAMES.map((preset, index) => ({
            id: `endpoint-${index}-0123456789abcdef`,
            preset,
            secret: 's',
            ...(preset === 'custom' ? { options: custom } : {}),
          }))
        )
      )
    );
  });

  it('names every bad entry: short or unsafe id, unknown preset, empty secret, bad options, a repeated id', () => {
    assert.throws(
      () =>
        assertValidConfig(
          config([
            { id: 'short', preset: 'outrank', secret: 'x' },
            { id: 'has/slash-0123456789abcdef', preset: 'outrank', secret: 'x' },
            { id: 'endpoint-unknown-preset-0001', preset: 'wordpress', secret: 'x' },
            { id: 'endpoint-empty-secret-00001', preset: 'outrank', secret: '' },
            {
              id: 'endpoint-bad-options-000001',
              preset: 'custom',
              secret: 'x',
              options: { auth: { kind: 'magic' }, fields: { title: 'a..b' } },
            },
            {
              id: 'endpoint-bad-options-000002',
              preset: 'rankpill',
              secret: 'x',
              options: { auth: 'basic' },
            },
            { id: 'endpoint-repeated-00000001', preset: 'outrank', secret: 'x' },
            { id: 'endpoint-repeated-00000001', preset: 'arvow', secret: 'x' },
          ])
        ),
      (error: Error) => {
        for (const part of [
          '"webhookEndpoints.0.id" must be at least 16 characters',
          '"webhookEndpoints.1.id" must hold only letters, digits',
          '"webhookEndpoints.2.preset" must be one of contract, outrank',
          '"webhookEndpoints.3.secret" must not be empty',
          '"webhookEndpoints.4.options.auth',
          '"webhookEndpoints.4.options.fields',
          '"webhookEndpoints.5.options.auth',
          '"webhookEndpoints.7.id" repeats the id of entry 6',
        ])
          assert.ok(error.message.includes(part), `${error.message}\nnames ${part}`);
        return true;
      }
    );
  });
});
