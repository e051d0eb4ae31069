import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectTargetProfile } from '../src/target-profile/detect';
import { fieldDefaultsSchema, fieldOverridesSchema } from '../src/target-profile/field-overrides';
import { profileMapping } from '../src/target-profile/profile';
import {
  bodyByName,
  catalogOf,
  contentTypeSchema,
  exampleBlog,
  foodAdvisor,
  launchPad,
  markdownBlog,
  playgroundArticle,
  wordpressPost,
} from './helpers/target-shapes';

/** The field names the config defaulted to before detection (the playground's Article), now detected. */
const ARTICLE_FIELDS = {
  title: 'title',
  slug: 'slug',
  content: 'content',
  cover: 'cover',
  categories: 'categories',
  seo: 'seo',
};
const ARTICLE_CATEGORY_FIELDS = { name: 'name', slug: 'slug', parent: 'parent' };

describe('target profile: role detection', () => {
  it("maps the playground's Article exactly as today's default fields do, with no problem", () => {
    const { schema, catalog } = playgroundArticle();
    const profile = detectTargetProfile(schema, catalog, { detectBody: bodyByName });
    const mapping = profileMapping(profile);
    assert.deepEqual(
      {
        title: mapping.title,
        slug: mapping.slug,
        content: mapping.content,
        cover: mapping.cover,
        categories: mapping.categories,
        seo: mapping.seo,
      },
      ARTICLE_FIELDS
    );
    assert.equal(profile.categories?.kind, 'relation');
    if (profile.categories?.kind !== 'relation') return;
    assert.equal(profile.categories.type.uid, 'api::category.category');
    assert.deepEqual(
      {
        name: profile.categories.type.name?.field,
        slug: profile.categories.type.slug?.field,
        parent: profile.categories.type.parent,
      },
      ARTICLE_CATEGORY_FIELDS
    );
    assert.equal(profile.categories.toMany, true);
    assert.equal(profile.seo?.kind, 'component');
    if (profile.seo?.kind !== 'component') return;
    assert.deepEqual(
      [
        profile.seo.title?.field,
        profile.seo.description?.field,
        profile.seo.keywords?.field,
        profile.seo.canonicalUrl?.field,
        profile.seo.structuredData?.field,
        profile.seo.image?.field,
      ],
      ['metaTitle', 'metaDescription', 'keywords', 'canonicalURL', 'structuredData', 'metaImage']
    );
    assert.deepEqual(profile.problems, { fatal: [], degraded: [] });
    // Today's explicit defaults, given as overrides, give the same profile as detection.
    assert.deepEqual(
      detectTargetProfile(schema, catalog, { detectBody: bodyByName, fields: ARTICLE_FIELDS }),
      profile
    );
  });

  it("maps Strapi's example blog: description as summary, one category, the author, no SEO", () => {
    const { schema, catalog } = exampleBlog();
    const profile = detectTargetProfile(schema, catalog, { detectBody: bodyByName });
    assert.deepEqual(profileMapping(profile), {
      title: 'title',
      slug: 'slug',
      content: 'blocks',
      cover: 'cover',
      summary: 'description',
      categories: 'category',
      tags: null,
      seo: null,
      author: 'author',
      date: null,
      readingTime: null,
      jsonLd: null,
      categoryName: 'name',
      categorySlug: 'slug',
      categoryParent: null,
    });
    assert.equal(profile.summary?.attribute.maxLength, 80);
    assert.ok(profile.categories?.kind === 'relation' && !profile.categories.toMany);
    assert.ok(
      profile.author?.kind === 'relation' &&
        profile.author.type.uid === 'api::author.author' &&
        profile.author.type.name?.field === 'name'
    );
    assert.deepEqual(profile.problems.fatal, []);
    assert.deepEqual(profile.problems.degraded, [
      'The category type has no parent relation: a sub-category is created without a parent.',
      '"category" holds one category: an article receives its sub-category, else its category.',
      'No SEO component or meta fields: the meta title, meta description, keywords and JSON-LD will not be saved.',
    ]);
  });

  it('maps a Markdown blog: required summary filled, flat meta fields, image, and no slug as a degradation', () => {
    const { schema, catalog } = markdownBlog();
    const profile = detectTargetProfile(schema, catalog, { detectBody: bodyByName });
    const mapping = profileMapping(profile);
    assert.equal(mapping.summary, 'summary');
    assert.equal(mapping.cover, 'image');
    assert.equal(mapping.slug, null);
    assert.equal(mapping.categories, 'category');
    assert.deepEqual(
      profile.seo &&
        profile.seo.kind === 'flat' && [profile.seo.title?.field, profile.seo.description?.field],
      ['meta_title', 'meta_description']
    );
    assert.deepEqual(profile.problems.fatal, []);
    assert.ok(profile.problems.degraded.some((problem) => problem.includes('no slug field')));
    assert.ok(
      profile.categories?.kind === 'relation' &&
        profile.categories.type.slug === null &&
        profile.categories.type.name?.field === 'name'
    );
  });

  it('maps a LaunchPad-like type: required description as summary, its own SEO component, many categories', () => {
    const { schema, catalog } = launchPad();
    const profile = detectTargetProfile(schema, catalog, { detectBody: bodyByName });
    const mapping = profileMapping(profile);
    assert.deepEqual(
      [mapping.summary, mapping.cover, mapping.categories, mapping.seo, mapping.content, mapping.jsonLd],
      ['description', 'image', 'categories', 'seo', 'content', null]
    );
    assert.equal(profile.localized, true);
    assert.ok(profile.seo?.kind === 'component');
    assert.equal(profile.seo.description?.attribute.minLength, 50);
    assert.equal(profile.seo.image?.field, 'metaImage');
    assert.ok(
      profile.categories?.kind === 'relation' &&
        profile.categories.toMany &&
        profile.categories.type.localized
    );
    assert.deepEqual(profile.problems.fatal, []);
  });

  it('maps a WordPress-migrated post: categories with parent, tags, excerpt, featuredImage, author, date, reading time', () => {
    const { schema, catalog } = wordpressPost();
    const profile = detectTargetProfile(schema, catalog, { detectBody: bodyByName });
    assert.deepEqual(profileMapping(profile), {
      title: 'title',
      slug: 'slug',
      content: 'blocks',
      cover: 'featuredImage',
      summary: 'excerpt',
      categories: 'categories',
      tags: 'tags',
      seo: null,
      author: 'author',
      date: 'publishedDate',
      readingTime: 'readingTime',
      jsonLd: null,
      categoryName: 'name',
      categorySlug: 'slug',
      categoryParent: 'parent',
    });
    assert.ok(profile.categories?.kind === 'relation');
    assert.equal(profile.categories.type.parent, 'parent');
    assert.ok(
      profile.tags?.kind === 'relation' && profile.tags.toMany && profile.tags.type.uid === 'api::tag.tag'
    );
    assert.deepEqual([profile.tags.type.name?.field, profile.tags.type.slug?.field], ['name', 'slug']);
    assert.deepEqual(profile.problems.fatal, []);
  });

  it("reads FoodAdvisor's SEO component: required metaImage and the required metaSocial list", () => {
    const { schema, catalog } = foodAdvisor();
    const profile = detectTargetProfile(schema, catalog);
    assert.ok(profile.seo?.kind === 'component');
    assert.equal(profile.seo.image?.field, 'metaImage');
    assert.equal(profile.seo.image?.attribute.required, true);
    assert.deepEqual(
      profile.seo.nested.map((nested) => [
        nested.field,
        nested.component.uid,
        nested.attribute.repeatable,
        nested.attribute.required,
      ]),
      [['metaSocial', 'shared.meta-social', true, true]]
    );
    assert.equal(profileMapping(profile).cover, 'image');
  });

  it('finds tags in a JSON field named tags, a plain category string, an enumeration, a JSON-LD field', () => {
    const schema = contentTypeSchema(
      'api::note.note',
      {
        headline: { type: 'string' },
        body: { type: 'richtext' },
        tags: { type: 'json' },
        category: { type: 'enumeration', enum: ['News', 'Guides'] },
        pubDate: { type: 'date' },
        readTime: { type: 'integer' },
        jsonLd: { type: 'json' },
      },
      { displayName: 'Note', draftAndPublish: false }
    );
    const profile = detectTargetProfile(schema, catalogOf([schema]));
    const mapping = profileMapping(profile);
    assert.deepEqual(
      [mapping.title, mapping.tags, mapping.categories, mapping.date, mapping.readingTime, mapping.jsonLd],
      ['headline', 'tags', 'category', 'pubDate', 'readTime', 'jsonLd']
    );
    assert.equal(profile.tags?.kind, 'json');
    assert.equal(profile.categories?.kind, 'enumeration');
    assert.ok(
      profile.problems.degraded.includes(
        'No SEO component or meta fields: the meta title, meta description and keywords will not be saved.'
      )
    );
  });

  it('takes the only single image field when none has a featured-image name, else the first of several', () => {
    const base = {
      uid: 'api::x.x',
      singularName: 'x',
      displayName: 'X',
      draftAndPublish: true,
      localized: false,
    };
    const one = {
      ...base,
      attributes: {
        title: { type: 'string' },
        picture: { type: 'media', multiple: false, allowedTypes: ['images'] },
        gallery: { type: 'media', multiple: true },
      },
    };
    assert.equal(detectTargetProfile(one, catalogOf([one])).featuredImage?.field, 'picture');
    const two = { ...base, attributes: { ...one.attributes, logo: { type: 'media', multiple: false } } };
    const profile = detectTargetProfile(two, catalogOf([two]));
    assert.equal(profile.featuredImage?.field, 'picture');
    assert.deepEqual(profile.choices, [
      { role: 'cover', field: 'picture', why: 'first of 2 image fields: picture, logo', ambiguous: true },
    ]);
  });

  it('makes a required field nothing fills fatal, unless it has a default or a configured constant', () => {
    const { schema, catalog } = exampleBlog();
    const strict = {
      ...schema,
      attributes: {
        ...schema.attributes,
        language: { type: 'string', required: true },
        rating: { type: 'integer', required: true, default: 3 },
      },
    };
    const profile = detectTargetProfile(strict, catalog);
    assert.deepEqual(profile.problems.fatal, [
      'required field "language" cannot be filled: no part of the article goes there, it has no default, and the defaults option gives it no value.',
    ]);
    const withConstant = detectTargetProfile(strict, catalog, { defaults: { language: 'en' } });
    assert.deepEqual(withConstant.problems.fatal, []);
    assert.deepEqual(
      withConstant.defaults.map(({ field, value }) => [field, value]),
      [['language', 'en']]
    );
  });

  it('applies overrides: a field by name, a role turned off, and names that are not fields as problems', () => {
    const { schema, catalog } = wordpressPost();
    const profile = detectTargetProfile(schema, catalog, {
      fields: { summary: '', tags: 'nope', cover: 'excerpt', date: 'publishedDate' },
      defaults: { missing: 1 },
    });
    assert.equal(profile.summary, null);
    assert.equal(profile.tags, null);
    assert.equal(profile.featuredImage, null);
    assert.equal(profile.date?.field, 'publishedDate');
    assert.deepEqual(profile.problems.degraded.slice(0, 2), [
      'fields.cover names "excerpt", which is not a single image media field.',
      'No single image field: the featured image will not be attached.',
    ]);
    assert.ok(
      profile.problems.degraded.includes('fields.tags names "nope", which is not a field of api::post.post.')
    );
    assert.ok(
      profile.problems.degraded.includes(
        'defaults names "missing", which is not a field of api::post.post; it is ignored.'
      )
    );
    // A title that is not there is fatal: nothing can be published without one.
    const noTitle = detectTargetProfile(schema, catalog, { fields: { title: 'headline' } });
    assert.deepEqual(noTitle.problems.fatal, [
      'fields.title names "headline", which is not a field of api::post.post.',
      'required field "title" cannot be filled: no part of the article goes there, it has no default, and the defaults option gives it no value.',
    ]);
  });

  it('turns off the body only when asked; a target with no body field is fatal', () => {
    const { schema, catalog } = wordpressPost();
    const off = detectTargetProfile(schema, catalog, { detectBody: bodyByName, fields: { content: '' } });
    assert.equal(off.body, null);
    assert.deepEqual(off.problems.fatal, []);
    const { blocks: _blocks, ...withoutBody } = schema.attributes;
    const none = detectTargetProfile({ ...schema, attributes: withoutBody }, catalog, {
      detectBody: bodyByName,
    });
    assert.match(none.problems.fatal.join(' '), /no field that can hold the article's body/);
  });

  it('checks the extended fields option and the defaults option', () => {
    assert.ok(
      fieldOverridesSchema.safeParse({ title: 'headline', summary: '', readingTime: 'minutes' }).success
    );
    assert.ok(!fieldOverridesSchema.safeParse({ title: '' }).success);
    assert.ok(!fieldOverridesSchema.safeParse({ subtitle: 'x' }).success);
    assert.ok(!fieldOverridesSchema.safeParse({ tags: 'not a name' }).success);
    assert.ok(fieldDefaultsSchema.safeParse({ language: 'en', featured: false, rating: 3 }).success);
    assert.ok(!fieldDefaultsSchema.safeParse({ 'bad name': 'x' }).success);
  });
});
