import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertValidConfig, DEFAULT_CONFIG } from '../src/config';
import { mapCustomArticle } from '../src/hooks/custom-mapping';
import { readPath } from '../src/hooks/json-path';
import { PRESETS } from '../src/hooks/presets';
import { createHookEndpointBody } from '../src/hooks/stored-endpoints';

/** A payload with terms two lists deep: every term of every group is a tag. */
const PAYLOAD = {
  post: {
    title: 'Pruning Roses',
    html: '<p>Cut above an outward bud.</p>',
    taxonomy: {
      groups: [
        { terms: [{ label: 'roses' }, { label: 'pruning' }] },
        { terms: [] },
        { terms: [{ label: 'winter' }] },
      ],
    },
    authors: [{ name: 'Ada' }, { name: 'Grace' }],
    cover: { url: 'https://images.example.test/roses.jpg' },
  },
};

const options = (fields: Record<string, string>) => ({
  auth: { kind: 'bearer' },
  articles: 'post',
  fields: { title: 'title', html: 'html', ...fields },
});

function prepare(fields: Record<string, string>) {
  const delivery = PRESETS.custom.read(PAYLOAD, { header: () => undefined }, options(fields));
  assert.equal(delivery.kind, 'articles');
  if (delivery.kind !== 'articles') throw new Error('not articles');
  const [article] = delivery.articles.map((thunk) => thunk());
  return article;
}

describe('custom webhook paths at any depth (issue #59)', () => {
  it('[] flattens at every level: one flat list, whatever the depth', () => {
    assert.deepEqual(readPath(PAYLOAD, 'post.taxonomy.groups[].terms[].label'), [
      'roses',
      'pruning',
      'winter',
    ]);
    assert.deepEqual(readPath({ a: [[1, 2], [3]] }, 'a[][]'), [1, 2, 3]);
    assert.deepEqual(readPath({ a: [{ b: [{ c: [{ d: 'x' }] }] }] }, 'a[].b[0].c[].d'), ['x']);
    assert.deepEqual(readPath(PAYLOAD, 'post.nothing[].here'), []);
    assert.equal(readPath(PAYLOAD, 'post.title'), 'Pruning Roses');
    assert.equal(readPath({}, '__proto__.polluted'), undefined);
  });

  it('every term of every group lands as a tag, and the delivery has no warning', () => {
    const article = prepare({ tags: 'taxonomy.groups[].terms[].label' });
    assert.deepEqual(
      [article.fields.focusKeyword, ...article.fields.secondaryKeywords],
      ['roses', 'pruning', 'winter']
    );
    assert.equal(article.warnings, undefined);
  });

  it('a path that finds nothing, and values a field cannot take, are named in the warnings', () => {
    const article = prepare({
      excerpt: 'summary',
      keywords: 'taxonomy.groups[].missing[].label',
      tags: 'taxonomy.groups[].terms',
      imageUrl: 'cover',
      metaDescription: 'authors[0]',
    });
    const warnings = article.warnings ?? [];
    assert.ok(warnings.includes('fields.excerpt ("summary") found nothing in the payload'), String(warnings));
    assert.ok(
      warnings.includes('fields.keywords ("taxonomy.groups[].missing[].label") found nothing in the payload'),
      String(warnings)
    );
    assert.ok(
      warnings.some((w) =>
        w.startsWith('fields.tags ("taxonomy.groups[].terms") found 3 of 3 entries that are not text')
      ),
      String(warnings)
    );
    assert.ok(
      warnings.includes(
        'fields.imageUrl ("cover") found an object where a text is expected: it was left out'
      ),
      String(warnings)
    );
    assert.ok(warnings.some((w) => w.startsWith('fields.metaDescription ("authors[0]") found an object')));
    assert.equal(article.fields.featuredImage, undefined);
    assert.equal(article.fields.focusKeyword, undefined);
  });

  it('a list keeps its words and names what it left out', () => {
    const { article, warnings } = mapCustomArticle({ tags: ['a', { b: 1 }, 2] }, { tags: 'tags' });
    assert.deepEqual(article.tags, ['a', 2]);
    assert.deepEqual(warnings, [
      'fields.tags ("tags") found 1 of 3 entries that are not text (an object first): they were left out',
    ]);
  });

  it('two bodies mapped: the one not sent is no warning; neither sent is', () => {
    assert.deepEqual(mapCustomArticle({ md: '# A' }, { html: 'h', markdown: 'md' }).warnings, []);
    assert.deepEqual(mapCustomArticle({}, { html: 'h', markdown: 'md' }).warnings, [
      'fields.html ("h") found nothing in the payload',
      'fields.markdown ("md") found nothing in the payload',
    ]);
  });
});

describe('a Custom mapping that cannot work is refused with the reason (issue #59)', () => {
  const config = (fields: Record<string, string>, extra: Record<string, unknown> = {}) => ({
    ...structuredClone(DEFAULT_CONFIG),
    webhookEndpoints: [
      {
        id: 'custom-endpoint-0123456789',
        preset: 'custom',
        secret: 's',
        options: { ...options(fields), ...extra },
      },
    ],
  });
  const refusal = (value: unknown) => {
    try {
      assertValidConfig(value);
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  };

  it('config: a list path for a one-value field, a list event path, an unknown field, each named at start', () => {
    const message = refusal(config({ title: 'titles[].text', summary: 'x' }, { event: 'events[].name' }));
    assert.match(
      message,
      /"webhookEndpoints\.0\.options\.fields\.title" reads a list \("\[\]"\) where one value is read/
    );
    assert.match(message, /"webhookEndpoints\.0\.options\.event" reads a list/);
    assert.match(
      message,
      /"webhookEndpoints\.0\.options\.fields\.summary" is not an article field a Custom endpoint maps \(one of externalId, title/
    );
    assert.equal(refusal(config({ tags: 'groups[].terms[].label', jsonLd: 'schemas[]' })), '');
  });

  it('admin API body: the same reasons, at the option', () => {
    const result = createHookEndpointBody.safeParse({
      name: 'Custom',
      preset: 'custom',
      options: { ...options({ slug: 'slugs[].value', tagz: 'tags[]' }) },
    });
    assert.equal(result.success, false);
    const issues = (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    assert.ok(
      issues.some((issue) => issue.startsWith('options.fields.slug: reads a list')),
      String(issues)
    );
    assert.ok(
      issues.some((issue) => issue.startsWith('options.fields.tagz: is not an article field')),
      String(issues)
    );
  });
});
