import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fieldMapOf, FIELD_MAP_MAX_ENTRIES, type FieldMap } from '../src/hooks/field-map';
import { REDACTED, redactPayload } from '../src/hooks/payload-redaction';
import { PRESETS } from '../src/hooks/presets';

const fixtures = path.join(__dirname, '..', '..', 'test', 'fixtures', 'hooks');
const sample = (name: string) => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as unknown;
const noHeaders = { header: () => undefined };

const fieldsAt = (map: FieldMap, at: string) => {
  const entry = map.entries.find((each) => each.path === at);
  assert.ok(entry, `${at} is listed: ${map.entries.map((each) => each.path).join(', ')}`);
  return entry;
};

describe('the delivery inspector’s field map (issue #59): where each field of a payload went', () => {
  it('Outrank’s batch: each article’s title, body, cover, tags and id, the event read, the rest not used', () => {
    const payload = sample('outrank.json') as { data: { articles: Record<string, unknown>[] } };
    payload.data.articles[0].unknown_extra = 'a field no preset reads';
    const map = fieldMapOf(PRESETS.outrank, payload, noHeaders, {});
    assert.deepEqual(map.problems, []);
    assert.deepEqual(fieldsAt(map, 'event_type').fields, ['event']);
    assert.deepEqual(fieldsAt(map, 'data.articles[0].title').fields, ['title']);
    assert.deepEqual(fieldsAt(map, 'data.articles[0].content_html').fields, ['body']);
    assert.deepEqual(fieldsAt(map, 'data.articles[0].image_url').fields, ['cover image']);
    assert.deepEqual(fieldsAt(map, 'data.articles[0].tags[0]').fields, ['keywords (tags)']);
    assert.ok(fieldsAt(map, 'data.articles[0].id').fields.includes("the service's article id"));
    assert.equal(fieldsAt(map, 'data.articles[0].unknown_extra').use, 'not used');
  });

  it('a Custom mapping: paths at any depth, and what a mapping does not name is not used', () => {
    const payload = {
      kind: 'post.ready',
      payload: {
        posts: [
          {
            ref: { uid: 'cx-9' },
            name: 'Terms at every depth',
            body: { rendered: '<p>Every term of every group is a tag.</p>' },
            taxonomy: {
              groups: [{ terms: [{ label: 'soil' }, { label: 'water' }] }, { terms: [{ label: 'sun' }] }],
            },
            internal: { score: 7 },
          },
        ],
      },
    };
    const options = {
      auth: { kind: 'none' },
      articles: 'payload.posts',
      event: 'kind',
      fields: {
        externalId: 'ref.uid',
        title: 'name',
        html: 'body.rendered',
        tags: 'taxonomy.groups[].terms[].label',
      },
    };
    const map = fieldMapOf(PRESETS.custom, payload, noHeaders, options);
    assert.deepEqual(map.problems, []);
    assert.deepEqual(fieldsAt(map, 'payload.posts[0].name').fields, ['title']);
    for (const at of [
      'payload.posts[0].taxonomy.groups[0].terms[0].label',
      'payload.posts[0].taxonomy.groups[0].terms[1].label',
      'payload.posts[0].taxonomy.groups[1].terms[0].label',
    ])
      assert.deepEqual(fieldsAt(map, at).fields, ['keywords (tags)']);
    assert.equal(fieldsAt(map, 'payload.posts[0].internal.score').use, 'not used');
  });

  it('a refused article still maps what its preset picked, and names why it was refused', () => {
    const map = fieldMapOf(PRESETS.custom, { headline: '', body: '<p>no title</p>' }, noHeaders, {
      auth: { kind: 'none' },
      fields: { title: 'headline', html: 'body' },
    });
    assert.equal(map.problems.length, 1);
    assert.match(map.problems[0], /title/);
    // The preset picked it as the title (empty, so the article was refused); the body went to the body.
    assert.deepEqual(fieldsAt(map, 'headline').fields, ['title']);
    assert.deepEqual(fieldsAt(map, 'body').fields, ['body']);
  });

  it('JSON-LD sent as an object maps every leaf under it; a huge payload lists a bounded number of leaves', () => {
    const jsonLd = { '@context': 'https://schema.org', '@type': 'Article', author: { name: 'Ada' } };
    const map = fieldMapOf(
      PRESETS.custom,
      { title: 'With JSON-LD', html: '<p>Body text of the article.</p>', ld: jsonLd },
      noHeaders,
      { auth: { kind: 'none' }, fields: { title: 'title', html: 'html', jsonLd: 'ld' } }
    );
    assert.deepEqual(fieldsAt(map, 'ld.author.name').fields, ['JSON-LD']);
    const wide = fieldMapOf(
      PRESETS.custom,
      {
        title: 'Wide',
        html: '<p>Wide payload.</p>',
        extra: Array.from({ length: 2000 }, (_, index) => index),
      },
      noHeaders,
      { auth: { kind: 'none' }, fields: { title: 'title', html: 'html' } }
    );
    assert.equal(wide.entries.length, FIELD_MAP_MAX_ENTRIES);
    assert.equal(wide.leftOut, 2002 - FIELD_MAP_MAX_ENTRIES);
  });
});

describe('a payload as the inspector shows it (issue #59): credentials redacted', () => {
  it('redacts credential members, URL userinfo and query strings (in HTML too), and keeps the rest', () => {
    const payload = {
      title: 'Kept as sent',
      api_key: 'sk_live_abcdef',
      auth: { clientSecret: 'cs_123', accessToken: 'at_456', password: 'hunter2' },
      image: 'https://bucket.s3.amazonaws.com/a.jpg?X-Amz-Signature=deadbeef&X-Amz-Credential=AKIA',
      html: '<p><img src="https://user:pw@cdn.example.com/b.png?token=t0k3n&amp;w=1"></p>',
      tags: ['one', 'two'],
      count: 3,
    };
    const shown = redactPayload(payload) as typeof payload;
    const text = JSON.stringify(shown);
    for (const secret of [
      'sk_live_abcdef',
      'cs_123',
      'at_456',
      'hunter2',
      'deadbeef',
      'AKIA',
      'pw@',
      't0k3n',
    ])
      assert.equal(text.includes(secret), false, `${secret} is redacted: ${text}`);
    assert.equal(shown.api_key, REDACTED);
    assert.equal(shown.title, 'Kept as sent');
    assert.deepEqual(shown.tags, ['one', 'two']);
    assert.equal(shown.count, 3);
    assert.match(shown.image, /^https:\/\/bucket\.s3\.amazonaws\.com\/a\.jpg\?/);
    assert.deepEqual(payload.auth.password, 'hunter2', 'the stored payload itself is not changed');
  });
});
