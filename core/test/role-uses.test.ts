import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectTargetProfile } from '../src/target-profile/detect';
import type { FieldOverrides } from '../src/target-profile/field-overrides';
import { roleUses } from '../src/target-profile/role-uses';
import type { AttributeSchema, ContentTypeSchema } from '../src/target-profile/schema';
import { bodyByName, catalogOf, contentTypeSchema } from './helpers/target-shapes';

const image: AttributeSchema = { type: 'media', multiple: false, allowedTypes: ['images'] };

/** A category type named by `name`, with a uid slug and a parent relation to itself. */
const category = contentTypeSchema('api::category.category', {
  name: { type: 'string', required: true },
  slug: { type: 'uid', targetField: 'name' },
  parent: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
});
const theme = contentTypeSchema('api::theme.theme', {
  title: { type: 'string', required: true },
  slug: { type: 'uid', targetField: 'title', required: true },
});

const usesOf = (
  schema: ContentTypeSchema,
  others: ContentTypeSchema[],
  fields: FieldOverrides = {},
  extra = {}
) => {
  const profile = detectTargetProfile(schema, catalogOf([schema, ...others]), {
    fields,
    detectBody: bodyByName,
  });
  return roleUses(profile, { fields, categoryFields: {}, ...extra });
};

describe('role uses: each settings row says what the plugin uses and why (#46)', () => {
  it('detected by name: the field and "detected by its name"; the category type follows from the relation', () => {
    const article = contentTypeSchema('api::article.article', {
      title: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'title' },
      content: { type: 'richtext' },
      cover: image,
      categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
    });
    const uses = usesOf(article, [category]);
    assert.deepEqual(uses.cover, {
      value: 'cover',
      source: 'name',
      why: 'Uses cover: detected by its name.',
    });
    assert.equal(uses.title.source, 'name');
    // The row that used to read "Default: (none: feature off)" while categories worked.
    assert.deepEqual(uses.categoryContentType, {
      value: 'api::category.category',
      source: 'derived',
      why: 'Uses api::category.category: the type the categories relation points to.',
    });
    assert.equal(
      uses.categoryName.why,
      'Uses name of api::category.category: detected by its name and type.'
    );
    assert.equal(uses.categoryParent.value, 'parent');
    assert.equal(uses.seo.source, 'none');
    assert.match(uses.seo.why, /^None found on api::article\.article: the meta title.*named in a warning/);
  });

  it('chosen by shape: says why and how to choose another', () => {
    const mosaic = contentTypeSchema('api::mosaic.mosaic', {
      title: { type: 'string', required: true },
      body: { type: 'richtext' },
      rectangularImage: image,
      squareImage: image,
      themes: { type: 'relation', relation: 'manyToMany', target: 'api::theme.theme' },
    });
    const uses = usesOf(mosaic, [theme]);
    assert.equal(uses.cover.source, 'shape');
    assert.equal(
      uses.cover.why,
      "Uses rectangularImage: first of 2 image fields: rectangularImage, squareImage (no field's name says so); set fields.cover to choose another."
    );
    assert.equal(uses.categories.source, 'shape');
    assert.equal(uses.categories.value, 'themes');
    assert.equal(
      uses.categoryContentType.why,
      'Uses api::theme.theme: the type the themes relation points to.'
    );
  });

  it('set and off: a named field says where it was set; an empty one says what is lost', () => {
    const article = contentTypeSchema('api::article.article', {
      title: { type: 'string', required: true },
      content: { type: 'richtext' },
      hero: image,
      cover: image,
      categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
    });
    const uses = usesOf(article, [category], { cover: 'hero', categories: '' });
    assert.deepEqual(uses.cover, { value: 'hero', source: 'set', why: 'Uses hero: set in fields.cover.' });
    assert.equal(uses.categories.source, 'off');
    assert.equal(
      uses.categories.why,
      'Off (fields.categories is empty): categories are named in a warning, not assigned.'
    );
    assert.equal(uses.categoryContentType.source, 'none');
  });

  it('a category content type setting that differs from the relation is said to be unused', () => {
    const article = contentTypeSchema('api::article.article', {
      title: { type: 'string', required: true },
      categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
    });
    const uses = usesOf(article, [category, theme], {}, { categoryContentType: 'api::theme.theme' });
    assert.equal(
      uses.categoryContentType.why,
      "Uses api::category.category: the type the categories relation points to. The setting's api::theme.theme is only informational and is not used."
    );
  });

  it('by position: a title found as the first required text says so', () => {
    const memo = contentTypeSchema('api::memo.memo', { subject: { type: 'string', required: true } });
    const uses = usesOf(memo, []);
    assert.equal(uses.title.source, 'position');
    assert.match(uses.title.why, /^Uses subject: detected by its type and place in the schema/);
    assert.equal(uses.content.why, 'None found on api::memo.memo: articles are published without a body.');
  });
});
