import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { articlePublished, testDelivery, unhandledEvent } from '../src/hooks/preset-helpers/deliveries';
import { eventOf, imageOf, member } from '../src/hooks/preset-helpers/fields';
import { bodyTimestamp, signedTimestamp } from '../src/hooks/preset-helpers/sent-at';

describe('the helpers the presets share', () => {
  it('field picking reads own members only, and nothing of what is not an object', () => {
    assert.equal(member({ title: 'Hose' }, 'title'), 'Hose');
    assert.equal(member({}, 'toString'), undefined);
    assert.equal(member(['a'], '0'), undefined);
    assert.equal(eventOf({ event_type: 'publish_articles' }, 'event_type'), 'publish_articles');
    assert.equal(eventOf({ event: 42 }), undefined);
    assert.deepEqual(imageOf({ url: 'https://example.com/a.jpg', alt: 'A hose' }), {
      imageUrl: 'https://example.com/a.jpg',
      imageAlt: 'A hose',
    });
    assert.deepEqual(imageOf(undefined), { imageUrl: undefined, imageAlt: undefined });
  });

  it('article.published: the article keyed by its id, title and slug; any other event is ignored', () => {
    const body = { article: { id: 7, title: 'Hoses', slug: 'hoses', body: '<p>Water.</p>' } };
    const delivery = articlePublished(body, 'article.published', 'draft', (article) => ({
      html: member(article, 'body'),
    }));
    assert.equal(delivery.kind, 'articles');
    const [prepared] = delivery.kind === 'articles' ? delivery.articles.map((prepare) => prepare()) : [];
    assert.equal(prepared?.externalId, '7');
    assert.equal(prepared?.fields.slug, 'hoses');
    assert.equal(prepared?.fields.status, 'draft');
    assert.deepEqual(
      articlePublished(body, undefined, 'draft', () => ({})),
      unhandledEvent('')
    );
    assert.deepEqual(unhandledEvent(''), {
      kind: 'ignored',
      event: '',
      reason: 'the event "(none)" is not handled',
    });
    assert.deepEqual(testDelivery('test'), {
      kind: 'ignored',
      event: 'test',
      reason: 'a test delivery: nothing is written',
    });
  });

  it('sent-at: the body timestamp, and the signed timestamp header as sent', () => {
    assert.equal(bodyTimestamp({ timestamp: '2026-01-02T03:04:05Z' }), '2026-01-02T03:04:05Z');
    const request = { header: (name: string) => (name === 'X-Signed-At' ? '1767322800' : undefined) };
    assert.equal(signedTimestamp(request, 'X-Signed-At'), '1767322800');
    assert.equal(signedTimestamp(request, 'X-Other'), undefined);
  });
});
