import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectTargetProfile } from '../src/target-profile/detect';
import { LEFT_OUT_PARTS, leftOutPartOf } from '../src/target-profile/left-out-parts';
import { planValues } from '../src/target-profile/plan-values';
import { describeChoice } from '../src/target-profile/role-choices';
import { bodyByName, catalogOf, contentTypeSchema, sampleArticle } from './helpers/target-shapes';

const NOW = new Date('2026-03-01T10:00:00Z');

/** An article with every part a sender can give: excerpt, SEO title, FAQ in its JSON-LD, a date, inline images. */
const everyPart = () =>
  sampleArticle({
    html: '<h2>Intro</h2><p>Water little.</p><img src="https://images.example.com/a.jpg" alt="a"><p>More.</p><img src="https://images.example.com/b.jpg" alt="b">',
    summary: 'The excerpt the sender wrote.',
    metaTitle: 'Watering succulents: the short guide',
    date: new Date('2026-02-01T08:00:00Z'),
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Article' }, { '@type': 'FAQPage', mainEntity: [] }],
    },
  });

describe('target profile: every part of an article lands or is named (#47)', () => {
  it('a type with only a title names every other part, each with the fields key that keeps it', () => {
    const bare = contentTypeSchema('api::memo.memo', { title: { type: 'string', required: true } });
    const profile = detectTargetProfile(bare, catalogOf([bare]), { detectBody: bodyByName });
    const plan = planValues(profile, { article: everyPart(), now: NOW });
    const named = plan.warnings.map(leftOutPartOf);
    // Every part a type can lack, once each, in the module's order.
    assert.deepEqual(named, [...LEFT_OUT_PARTS]);
    for (const warning of plan.warnings) assert.match(warning, /to keep (it|them) next time, .*fields\.\w+/);
    assert.ok(
      plan.warnings.includes(
        'Inline images (2) were not saved: they are part of the body, which has no field; to keep them next time, set fields.content.'
      )
    );
    assert.ok(plan.warnings.some((warning) => warning.startsWith('JSON-LD (with its FAQ) was not saved')));
    assert.deepEqual(Object.keys(plan.values), ['title']);
  });

  it('a type with a title and a body names the rest, and nothing for what the body keeps', () => {
    const memo = contentTypeSchema('api::memo.memo', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
    });
    const profile = detectTargetProfile(memo, catalogOf([memo]), { detectBody: bodyByName });
    const plan = planValues(profile, { article: everyPart(), now: NOW });
    assert.deepEqual(plan.warnings.map(leftOutPartOf), [
      'Featured image',
      'Summary',
      'Categories',
      'Tags and keywords',
      'SEO title',
      'Meta description',
      'JSON-LD',
      'Date',
    ]);
  });

  it('says nothing of a part the sender did not give (no excerpt, no date, the SEO title is the title)', () => {
    const memo = contentTypeSchema('api::memo.memo', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
    });
    const profile = detectTargetProfile(memo, catalogOf([memo]), { detectBody: bodyByName });
    const plan = planValues(profile, {
      article: sampleArticle({ featuredImage: undefined, categories: { kind: 'none' } }),
      now: NOW,
    });
    assert.deepEqual(plan.warnings.map(leftOutPartOf), ['Tags and keywords', 'Meta description', 'JSON-LD']);
  });

  it('a summary field that holds the excerpt leaves the meta description without a place, and says so', () => {
    const post = contentTypeSchema('api::memo.memo', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
      excerpt: { type: 'text' },
    });
    const profile = detectTargetProfile(post, catalogOf([post]), { detectBody: bodyByName });
    const plan = planValues(profile, { article: everyPart(), now: NOW });
    assert.equal(plan.values.excerpt, 'The excerpt the sender wrote.');
    assert.ok(
      plan.warnings.includes(
        'Meta description was not saved: the summary field holds the excerpt and the target has no SEO description field; to keep it next time, set fields.summary, or give the type an SEO component or a metaDescription field.'
      ),
      plan.warnings.join('\n')
    );
  });
});

describe('target profile: roles chosen by shape when no name says so (#47)', () => {
  const theme = {
    ...contentTypeSchema('api::theme.theme', {
      title: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'title', required: true },
    }),
    singularName: 'theme',
  };
  const person = {
    ...contentTypeSchema('api::person.person', { name: { type: 'string' } }),
    singularName: 'person',
  };
  const story = {
    ...contentTypeSchema('api::story.story', { title: { type: 'string' }, body: { type: 'richtext' } }),
    singularName: 'story',
  };
  const mosaic = contentTypeSchema('api::mosaic.mosaic', {
    title: { type: 'string', required: true },
    content: { type: 'richtext' },
    relatedStories: { type: 'relation', relation: 'manyToMany', target: 'api::story.story' },
    person: { type: 'relation', relation: 'manyToOne', target: 'api::person.person' },
    rectangularImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
    squareImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
    themes: { type: 'relation', relation: 'manyToMany', target: 'api::theme.theme' },
  });
  const catalog = catalogOf([mosaic, theme, person, story]);

  it('the first of two single image fields is the featured image, and the choice is named', () => {
    const profile = detectTargetProfile(mosaic, catalog, { detectBody: bodyByName });
    assert.equal(profile.featuredImage?.field, 'rectangularImage');
    const [choice] = profile.choices;
    assert.equal(
      describeChoice(choice),
      'Featured image -> rectangularImage (first of 2 image fields: rectangularImage, squareImage); set fields.cover to choose another.'
    );
    assert.ok(profile.problems.degraded.includes(describeChoice(choice)));
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.deepEqual(plan.featuredImagePaths, [['rectangularImage']]);
    assert.ok(plan.warnings.includes(`Featured image: ${describeChoice(choice)}`), plan.warnings.join('\n'));
  });

  it('a relation to a type named by a short text is the category relation whatever its name; not the author, not a content type', () => {
    const profile = detectTargetProfile(mosaic, catalog, { detectBody: bodyByName });
    assert.equal(profile.categories?.field, 'themes');
    assert.equal(profile.categories?.kind === 'relation' && profile.categories.type.uid, 'api::theme.theme');
    assert.equal(profile.categories?.kind === 'relation' && profile.categories.type.slug?.field, 'slug');
    assert.equal(profile.author?.field, 'person');
    assert.equal(profile.tags, null, 'a relation to an article-like type (with a rich text) is no taxonomy');
    assert.deepEqual(
      profile.choices.map((choice) => [choice.role, choice.field]),
      [
        ['cover', 'rectangularImage'],
        ['categories', 'themes'],
      ]
    );
    assert.match(
      describeChoice(profile.choices[1]),
      /^Categories -> themes \(relation to api::theme\.theme, whose entries are named by "title"\)/
    );
  });

  it('a second taxonomy relation, to-many, is the tags relation when categories has its field by name', () => {
    const topic = {
      ...contentTypeSchema('api::onderwerp.onderwerp', { naam: { type: 'string' } }),
      singularName: 'onderwerp',
    };
    const named = contentTypeSchema('api::mosaic.mosaic', {
      ...mosaic.attributes,
      category: { type: 'relation', relation: 'manyToOne', target: 'api::theme.theme' },
      onderwerpen: { type: 'relation', relation: 'manyToMany', target: 'api::onderwerp.onderwerp' },
    });
    const profile = detectTargetProfile(named, catalogOf([named, theme, person, story, topic]), {
      detectBody: bodyByName,
    });
    assert.equal(profile.categories?.field, 'category');
    assert.equal(profile.tags?.field, 'themes', 'the first by position');
  });

  it('an explicit fields mapping wins over the choice, and is no choice', () => {
    const profile = detectTargetProfile(mosaic, catalog, {
      detectBody: bodyByName,
      fields: { cover: 'squareImage', categories: '', tags: '' },
    });
    assert.equal(profile.featuredImage?.field, 'squareImage');
    assert.equal(profile.categories, null);
    assert.deepEqual(profile.choices, []);
    assert.ok(!profile.problems.degraded.some((problem) => problem.startsWith('Featured image ->')));
  });
});
