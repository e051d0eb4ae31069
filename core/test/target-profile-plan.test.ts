import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deepFreeze } from '../src/deep-freeze';
import { planCategoryValues } from '../src/target-profile/category-values';
import { detectTargetProfile } from '../src/target-profile/detect';
import { planValues, withFeaturedImage } from '../src/target-profile/plan-values';
import { categoryType } from '../src/target-profile/related-types';
import type { ContentTypeSchema } from '../src/target-profile/schema';
import {
  bodyByName,
  catalogOf,
  contentTypeSchema,
  exampleBlog,
  foodAdvisor,
  launchPad,
  markdownBlog,
  playgroundArticle,
  sampleArticle,
  wordpressPost,
} from './helpers/target-shapes';

const NOW = new Date('2026-02-03T04:05:06.000Z');
const POST_URL = 'https://site.example/blog/how-to-water-succulents';
const META_DESCRIPTION =
  'A short guide to watering succulents at home: how often, how much, and the signs of too much water.';
const JSON_LD = { '@context': 'https://schema.org', '@type': 'Article', headline: 'How to water succulents' };

function profileOf({ schema, catalog }: ReturnType<typeof playgroundArticle>) {
  return detectTargetProfile(schema, catalog, { detectBody: bodyByName });
}

describe('target profile: the values a publish writes', () => {
  it("writes the playground Article's title, slug and SEO component as today, plus the canonical URL and metaImage", () => {
    const profile = profileOf(playgroundArticle());
    const plan = planValues(profile, {
      article: sampleArticle(),
      existing: { seo: { id: 7, metaRobots: 'noindex' } },
      postUrl: POST_URL,
      now: NOW,
    });
    assert.deepEqual(plan.values, {
      title: 'How to water succulents',
      slug: 'how-to-water-succulents',
      seo: {
        id: 7,
        metaTitle: 'How to water succulents',
        metaDescription: META_DESCRIPTION,
        keywords: 'succulents, Watering, houseplants',
        canonicalURL: POST_URL,
        structuredData: JSON_LD,
      },
    });
    assert.deepEqual(plan.featuredImagePaths, [['cover'], ['seo', 'metaImage']]);
    assert.deepEqual(plan.categories, {
      kind: 'names',
      names: [{ name: 'Gardening' }, { name: 'Watering', parent: 'Gardening' }],
    });
    assert.deepEqual(plan.warnings, []);
    const data = withFeaturedImage(plan, 12);
    assert.equal(data.cover, 12);
    assert.equal((data.seo as Record<string, unknown>).metaImage, 12);
    assert.equal(withFeaturedImage(plan, undefined).cover, undefined);
  });

  it('fits a 300-character title to the string field and an SEO title to the component limit, with warnings', () => {
    const title = `${'Watering succulents the right way '.repeat(9)}now`.slice(0, 300);
    const plan = planValues(profileOf(playgroundArticle()), { article: sampleArticle({ title }), now: NOW });
    assert.ok(String(plan.values.title).length <= 255);
    const seo = plan.values.seo as Record<string, unknown>;
    assert.ok(String(seo.metaTitle).length <= 60 && title.startsWith(String(seo.metaTitle)));
    assert.deepEqual(plan.warnings, [
      "title was 300 characters; shortened to the field's limit of 255.",
      "metaTitle was 300 characters; shortened to the field's limit of 60.",
    ]);
  });

  it('leaves the SEO component out when a required field of it has no value, unless the entry has one', () => {
    const article = sampleArticle({ metaDescription: undefined, html: '<p>Short text.</p>' });
    const profile = profileOf(playgroundArticle());
    const plan = planValues(profile, { article, now: NOW });
    assert.equal(plan.values.seo, undefined);
    assert.ok(
      plan.warnings.includes(
        'The SEO component was not saved: its required field(s) metaDescription had no usable value.'
      )
    );
    const kept = planValues(profile, {
      article,
      existing: { seo: { id: 3, metaDescription: 'An editor wrote this one in the admin, long enough.' } },
      now: NOW,
    });
    assert.deepEqual(Object.keys(kept.values.seo as object), [
      'id',
      'metaTitle',
      'keywords',
      'structuredData',
    ]);
  });

  it('fits a meta description under the minimum from the article rather than leaving the SEO component out (issue #60)', () => {
    const article = sampleArticle({
      title: 'Watering succulents in a dry summer',
      metaDescription: 'Too short.',
      html: '<p>Water them rarely.</p>',
    });
    const plan = planValues(profileOf(playgroundArticle()), { article, now: NOW });
    const seo = plan.values.seo as Record<string, unknown>;
    assert.equal(seo.metaDescription, 'Watering succulents in a dry summer. Too short. Water them rarely.');
    assert.equal(seo.metaTitle, 'Watering succulents in a dry summer');
    assert.equal(seo.keywords, 'succulents, Watering, houseplants');
    assert.ok(
      plan.warnings.includes(
        "metaDescription was shorter than the field's minimum of 50 characters, and so was the article's opening text; it was derived from the article's title, description and text instead."
      ),
      plan.warnings.join('\n')
    );
    assert.ok(!plan.warnings.some((warning) => warning.startsWith('The SEO component was not saved')));
    // The opening text is still the first choice when it is long enough.
    const opening = planValues(profileOf(playgroundArticle()), {
      article: sampleArticle({ metaDescription: 'Too short.' }),
      now: NOW,
    });
    assert.equal(
      (opening.values.seo as Record<string, unknown>).metaDescription,
      'Intro Succulents need little water & lots of light. Second paragraph.'
    );
  });

  it("fills Strapi's example blog: description fitted to 80, one category, keywords and JSON-LD dropped with a warning", () => {
    const plan = planValues(profileOf(exampleBlog()), { article: sampleArticle(), now: NOW });
    assert.equal(
      plan.values.description,
      'A short guide to watering succulents at home: how often, how much, and the signs'
    );
    assert.deepEqual(plan.categories, { kind: 'names', names: [{ name: 'Watering', parent: 'Gardening' }] });
    assert.deepEqual(plan.featuredImagePaths, [['cover']]);
    assert.deepEqual(plan.warnings, [
      `description was ${META_DESCRIPTION.length} characters; shortened to the field's limit of 80.`,
      'Tags and keywords: the focus keyword and keywords (succulents, Watering, houseplants) were not saved: the target has no keywords field and no tags field; to keep them next time, set fields.tags to a tag relation, json or text field (or give the SEO component a keywords field).',
      'JSON-LD was not saved: the target has no structured-data field; to keep it next time, set fields.jsonLd to a json field.',
    ]);
  });

  it('fills a Markdown blog: the required summary (from the first paragraph without a meta description), flat meta fields, no slug', () => {
    const profile = profileOf(markdownBlog());
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.deepEqual(plan.values, {
      title: 'How to water succulents',
      summary: META_DESCRIPTION,
      meta_title: 'How to water succulents',
      meta_description: META_DESCRIPTION,
    });
    assert.deepEqual(plan.featuredImagePaths, [['image']]);
    const withoutMeta = planValues(profile, {
      article: sampleArticle({ metaDescription: undefined }),
      now: NOW,
    });
    assert.equal(withoutMeta.values.summary, 'Succulents need little water & lots of light.');
  });

  it('fills a LaunchPad-like type: the required description, and a too-short meta description replaced by the opening text', () => {
    const plan = planValues(profileOf(launchPad()), {
      article: sampleArticle({ metaDescription: 'Too short.' }),
      postUrl: POST_URL,
      now: NOW,
    });
    assert.equal(plan.values.description, 'Too short.');
    const seo = plan.values.seo as Record<string, unknown>;
    assert.equal(
      seo.metaDescription,
      'Intro Succulents need little water & lots of light. Second paragraph.'
    );
    assert.equal(seo.canonicalURL, POST_URL);
    assert.deepEqual(plan.featuredImagePaths, [['image'], ['seo', 'metaImage']]);
    assert.match(
      plan.warnings.join(' '),
      /metaDescription was shorter than the field's minimum of 50 characters/
    );
  });

  it('fills a WordPress post: excerpt, tags from the keywords, reading time, a date only when the entry has none', () => {
    const profile = profileOf(wordpressPost());
    const keywords = ['succulents', 'Watering', 'Succulents', 'houseplants'];
    const plan = planValues(profile, { article: sampleArticle(), keywords, now: NOW });
    assert.deepEqual(plan.values, {
      title: 'How to water succulents',
      slug: 'how-to-water-succulents',
      excerpt: META_DESCRIPTION,
      publishedDate: NOW.toISOString(),
      readingTime: 1,
    });
    assert.deepEqual(plan.tags, ['succulents', 'Watering', 'houseplants']);
    assert.deepEqual(plan.categories, {
      kind: 'names',
      names: [{ name: 'Gardening' }, { name: 'Watering', parent: 'Gardening' }],
    });
    assert.deepEqual(plan.featuredImagePaths, [['featuredImage']]);
    const republish = planValues(profile, {
      article: sampleArticle(),
      keywords,
      existing: { publishedDate: '2019-07-01T00:00:00.000Z' },
      now: NOW,
    });
    assert.equal(republish.values.publishedDate, undefined);
  });

  it("fills FoodAdvisor's required metaSocial, one entry per network, fitted, with the featured image in every image field", () => {
    const profile = profileOf(foodAdvisor());
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    const seo = plan.values.seo as Record<string, unknown>;
    const social = seo.metaSocial as Array<Record<string, unknown>>;
    assert.deepEqual(
      social.map((entry) => entry.socialNetwork),
      ['Facebook', 'Twitter']
    );
    for (const entry of social) {
      assert.equal(entry.title, 'How to water succulents');
      assert.ok(
        String(entry.description).length <= 65 && META_DESCRIPTION.startsWith(String(entry.description))
      );
    }
    assert.deepEqual(plan.featuredImagePaths, [
      ['image'],
      ['seo', 'metaImage'],
      ['seo', 'metaSocial', 0, 'image'],
      ['seo', 'metaSocial', 1, 'image'],
    ]);
    assert.ok(
      plan.warnings.includes(
        `metaSocial: description was ${META_DESCRIPTION.length} characters; shortened to the field's limit of 65.`
      )
    );
    const data = withFeaturedImage(plan, 5);
    assert.deepEqual(
      ((data.seo as Record<string, unknown>).metaSocial as Array<Record<string, unknown>>).map(
        (entry) => entry.image
      ),
      [5, 5]
    );
    assert.equal(plan.values.seo === data.seo, false);

    const noImage = planValues(profile, { article: sampleArticle({ featuredImage: undefined }), now: NOW });
    assert.ok(
      noImage.warnings.some((warning) =>
        warning.startsWith('The SEO field metaImage is required but the article has no featured image')
      )
    );
    assert.deepEqual(noImage.featuredImagePaths, []);
  });

  it('names each part a type with only a title and a body drops, with the fields key that keeps it', () => {
    const note = contentTypeSchema('api::note.note', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
    });
    const profile = detectTargetProfile(note, catalogOf([note]), { detectBody: bodyByName });
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.deepEqual(plan.warnings, [
      'Featured image was not saved: the target has no single image field for it; to keep it next time, set fields.cover to a single media field.',
      'Categories were not saved: the target has no category field; to keep them next time, set fields.categories to a relation to a category type, or a string or enumeration field.',
      'Tags and keywords: the focus keyword and keywords (succulents, Watering, houseplants) were not saved: the target has no keywords field and no tags field; to keep them next time, set fields.tags to a tag relation, json or text field (or give the SEO component a keywords field).',
      'Meta description was not saved: the target has no description or summary field; to keep it next time, set fields.summary, or give the type an SEO component or a metaDescription field.',
      'JSON-LD was not saved: the target has no structured-data field; to keep it next time, set fields.jsonLd to a json field.',
    ]);
    // A type that keeps them somewhere (the playground's SEO component) gets no such warning.
    const kept = planValues(profileOf(playgroundArticle()), { article: sampleArticle(), now: NOW });
    assert.deepEqual(
      kept.warnings.filter((warning) => /not saved/.test(warning)),
      []
    );
  });

  it('writes configured constants where the entry has no value, and a category name into an enumeration it allows', () => {
    const schema: ContentTypeSchema = {
      uid: 'api::note.note',
      singularName: 'note',
      displayName: 'Note',
      draftAndPublish: false,
      localized: false,
      attributes: {
        title: { type: 'string' },
        body: { type: 'richtext' },
        language: { type: 'string', required: true },
        category: { type: 'enumeration', enum: ['News', 'Gardening'] },
        tags: { type: 'json' },
        jsonLd: { type: 'json' },
      },
    };
    const profile = detectTargetProfile(schema, catalogOf([schema]), {
      detectBody: bodyByName,
      defaults: { language: 'en' },
    });
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    assert.deepEqual(
      [plan.values.language, plan.values.category, plan.values.tags, plan.values.jsonLd],
      ['en', 'Gardening', ['succulents', 'Watering', 'houseplants'], JSON_LD]
    );
    assert.equal(
      planValues(profile, { article: sampleArticle(), existing: { language: 'de' }, now: NOW }).values
        .language,
      undefined
    );
    const refused = planValues(profile, {
      article: sampleArticle({ categories: { kind: 'names', category: 'Plants', subCategory: undefined } }),
      now: NOW,
    });
    assert.equal(refused.values.category, undefined);
    assert.ok(
      refused.warnings.includes(
        'category cannot hold "Plants" (it allows News, Gardening); it was not saved.'
      )
    );
  });
});

describe('target profile: a default of a shared profile', () => {
  it('goes into the entry as a copy, which Strapi may change while the profile stays as it was', () => {
    const schema = contentTypeSchema(
      'api::note.note',
      {
        title: { type: 'string' },
        body: { type: 'richtext' },
        settings: { type: 'json', required: true },
      },
      { draftAndPublish: false }
    );
    const profile = deepFreeze(
      detectTargetProfile(schema, catalogOf([schema]), {
        detectBody: bodyByName,
        defaults: { settings: { layout: 'wide', columns: [1, 2] } },
      })
    );
    const plan = planValues(profile, { article: sampleArticle(), now: NOW });
    const settings = plan.values.settings as { layout: string; columns: number[] };
    assert.deepEqual(settings, { layout: 'wide', columns: [1, 2] });
    settings.layout = 'narrow';
    settings.columns.push(3);
    assert.deepEqual(planValues(profile, { article: sampleArticle(), now: NOW }).values.settings, {
      layout: 'wide',
      columns: [1, 2],
    });
  });
});

describe('target profile: a new category', () => {
  it('fits the name, fills a required description to its minimum, and names what it cannot fill', () => {
    const category: ContentTypeSchema = {
      uid: 'api::category.category',
      singularName: 'category',
      displayName: 'Category',
      draftAndPublish: false,
      localized: false,
      attributes: {
        name: { type: 'string', required: true, maxLength: 15 },
        description: { type: 'text', required: true, minLength: 50 },
        color: { type: 'enumeration', enum: ['green', 'blue'], required: true },
        icon: { type: 'media', required: true },
        priority: { type: 'integer', required: true },
      },
    };
    const values = planCategoryValues(categoryType(category), 'Indoor gardening tips');
    assert.deepEqual(values.values, {
      name: 'Indoor gardenin',
      description: 'Articles filed under the category "Indoor gardening tips" on this site.',
    });
    // Issue #61: neither "green" nor "blue" fits every category, so the enumeration is the owner's
    // (categoryDefaults), never its first value.
    assert.deepEqual(values.unfillable, ['color', 'icon', 'priority']);
    assert.deepEqual(values.warnings, [
      "api::category.category name was 21 characters; shortened to the field's limit of 15.",
    ]);
  });
});
