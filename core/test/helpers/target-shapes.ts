import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeArticle, type ArticleFields, type NormalizedArticle } from '../../src/article';
import type { TargetSettings } from '../../src/publish-target';
import type { BodySlot } from '../../src/target-profile/profile';
import { EXAMPLE_BLOG_ARTICLE } from './zone-shapes';
import type {
  Attributes,
  ComponentSchema,
  ContentTypeSchema,
  SchemaCatalog,
} from '../../src/target-profile/schema';

/**
 * Real sites' article types as plain schemas, for the target profile's unit
 * tests, plus the playground's own Article read from its schema files.
 */

export function catalogOf(types: ContentTypeSchema[], components: ComponentSchema[] = []): SchemaCatalog {
  return {
    contentType: (uid) => types.find((type) => type.uid === uid),
    component: (uid) => components.find((component) => component.uid === uid),
  };
}

/** Target settings that name the content type alone (every role detected), with these changes. */
export function targetSettings(changes: Partial<TargetSettings> = {}): TargetSettings {
  return {
    targetContentType: 'api::article.article',
    fields: {},
    bodyFormat: 'auto',
    categoryFields: {},
    defaults: {},
    ...changes,
  };
}

/** A content type schema named after its uid, with draft and publish on unless `extra` says otherwise. */
export function contentTypeSchema(
  uid: string,
  attributes: Attributes,
  extra: Partial<ContentTypeSchema> = {}
): ContentTypeSchema {
  const singularName = uid.split('.')[1];
  return {
    uid,
    singularName,
    displayName: singularName,
    draftAndPublish: true,
    localized: false,
    attributes,
    ...extra,
  };
}

/** A stand-in for core/src/body's detector: the override, else a body-like field by name. */
export function bodyByName(
  schema: ContentTypeSchema,
  _catalog: SchemaCatalog,
  override: string | undefined
): BodySlot | null {
  if (override !== undefined) return schema.attributes[override] ? { field: override } : null;
  const field = ['content', 'body', 'blocks'].find((name) => schema.attributes[name]);
  return field ? { field } : null;
}

/** Strapi's example blog (`create-strapi --example`). */
export function exampleBlog() {
  // The same article type the zone tests use, under its own display name.
  const article = contentTypeSchema('api::article.article', EXAMPLE_BLOG_ARTICLE.attributes);
  const category = contentTypeSchema(
    'api::category.category',
    {
      name: { type: 'string' },
      slug: { type: 'uid' },
      description: { type: 'text' },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article' },
    },
    { draftAndPublish: false }
  );
  const author = contentTypeSchema(
    'api::author.author',
    {
      name: { type: 'string' },
      avatar: { type: 'media', multiple: false, allowedTypes: ['images'] },
      email: { type: 'string' },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article' },
    },
    { draftAndPublish: false }
  );
  const components: ComponentSchema[] = [
    { uid: 'shared.rich-text', attributes: { body: { type: 'richtext' } } },
    { uid: 'shared.media', attributes: { file: { type: 'media', multiple: false } } },
    { uid: 'shared.quote', attributes: { title: { type: 'string' }, body: { type: 'text' } } },
    {
      uid: 'shared.slider',
      attributes: { files: { type: 'media', multiple: true, allowedTypes: ['images'] } },
    },
    // On the `global` single type in the example, not on the article.
    {
      uid: 'shared.seo',
      attributes: {
        metaTitle: { type: 'string', required: true },
        metaDescription: { type: 'text', required: true },
        shareImage: { type: 'media' },
      },
    },
  ];
  return { schema: article, catalog: catalogOf([article, category, author], components) };
}

/** A hand-made Markdown blog: required summary, one category, no slug, flat meta fields. */
export function markdownBlog() {
  const post = contentTypeSchema('api::blog-post.blog-post', {
    title: { type: 'string', required: true, maxLength: 120 },
    summary: { type: 'text', required: true, maxLength: 300 },
    content: { type: 'richtext', required: true },
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::blog-category.blog-category' },
    meta_title: { type: 'string' },
    meta_description: { type: 'string', maxLength: 160 },
  });
  const category = contentTypeSchema(
    'api::blog-category.blog-category',
    { name: { type: 'string', required: true } },
    { draftAndPublish: false }
  );
  return { schema: post, catalog: catalogOf([post, category]) };
}

/** The LaunchPad-style article: localized, blocks body, required description, its own SEO component. */
export function launchPad() {
  const article = contentTypeSchema(
    'api::article.article',
    {
      title: { type: 'string', required: true },
      description: { type: 'text', required: true },
      slug: { type: 'uid', targetField: 'title' },
      content: { type: 'blocks' },
      image: { type: 'media', multiple: false, allowedTypes: ['images'] },
      categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
      seo: { type: 'component', component: 'shared.seo', repeatable: false },
      dynamic_zone: { type: 'dynamiczone', components: ['dynamic-zone.related-articles'] },
    },
    { localized: true }
  );
  const category = contentTypeSchema(
    'api::category.category',
    {
      name: { type: 'string' },
      articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article' },
    },
    { localized: true }
  );
  const seo: ComponentSchema = {
    uid: 'shared.seo',
    attributes: {
      metaTitle: { type: 'string', required: true, maxLength: 60 },
      metaDescription: { type: 'string', required: true, minLength: 50 },
      metaImage: { type: 'media', multiple: false, allowedTypes: ['images', 'files', 'videos'] },
      keywords: { type: 'text' },
      metaRobots: { type: 'string' },
      metaViewport: { type: 'string' },
      canonicalURL: { type: 'string' },
      structuredData: { type: 'json' },
    },
  };
  return {
    schema: article,
    catalog: catalogOf([article, category], [seo, { uid: 'dynamic-zone.related-articles', attributes: {} }]),
  };
}

/** A WordPress site migrated to Strapi. */
export function wordpressPost() {
  const post = contentTypeSchema('api::post.post', {
    title: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title', required: true },
    blocks: { type: 'dynamiczone', components: ['content.paragraph'] },
    excerpt: { type: 'text' },
    featuredImage: { type: 'media', multiple: false, allowedTypes: ['images'] },
    categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
    tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
    publishedDate: { type: 'datetime' },
    readingTime: { type: 'integer' },
  });
  const category = contentTypeSchema(
    'api::category.category',
    {
      name: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'name' },
      parent: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
      children: { type: 'relation', relation: 'oneToMany', target: 'api::category.category' },
    },
    { draftAndPublish: false }
  );
  const tag = contentTypeSchema(
    'api::tag.tag',
    { name: { type: 'string', required: true }, slug: { type: 'uid', targetField: 'name' } },
    { draftAndPublish: false }
  );
  const author = contentTypeSchema(
    'api::author.author',
    { name: { type: 'string' }, bio: { type: 'text' } },
    { draftAndPublish: false }
  );
  return {
    schema: post,
    catalog: catalogOf(
      [post, category, tag, author],
      [{ uid: 'content.paragraph', attributes: { text: { type: 'richtext' } } }]
    ),
  };
}

/** FoodAdvisor-style: CKEditor body, one category, SEO with a required metaImage and metaSocial. */
export function foodAdvisor() {
  const article = contentTypeSchema('api::article.article', {
    title: { type: 'string', required: true },
    slug: { type: 'uid', targetField: 'title' },
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    ckeditor_content: {
      type: 'richtext',
      customField: 'plugin::ckeditor5.CKEditor',
      options: { output: 'HTML' },
    },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
    seo: { type: 'component', component: 'shared.seo', repeatable: false },
  });
  const category = contentTypeSchema(
    'api::category.category',
    { name: { type: 'string' }, slug: { type: 'uid', targetField: 'name' } },
    { draftAndPublish: false }
  );
  const seo: ComponentSchema = {
    uid: 'shared.seo',
    attributes: {
      metaTitle: { type: 'string', required: true, maxLength: 60 },
      metaDescription: { type: 'string', required: true, minLength: 50, maxLength: 160 },
      metaImage: { type: 'media', multiple: false, required: true, allowedTypes: ['images'] },
      metaSocial: { type: 'component', component: 'shared.meta-social', repeatable: true, required: true },
      keywords: { type: 'text' },
      metaRobots: { type: 'string' },
      structuredData: { type: 'json' },
      metaViewport: { type: 'string' },
      canonicalURL: { type: 'string' },
    },
  };
  const metaSocial: ComponentSchema = {
    uid: 'shared.meta-social',
    attributes: {
      socialNetwork: { type: 'enumeration', enum: ['Facebook', 'Twitter'], required: true },
      title: { type: 'string', required: true, maxLength: 60 },
      description: { type: 'string', required: true, maxLength: 65 },
      image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    },
  };
  return { schema: article, catalog: catalogOf([article, category], [seo, metaSocial]) };
}

interface StrapiSchemaFile {
  info: { singularName: string; displayName: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  attributes: Attributes;
}

const PLAYGROUND = join(__dirname, '..', '..', '..', 'playground', 'src');

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(join(PLAYGROUND, path), 'utf8')) as T;
}

function fromSchemaFile(uid: string, file: StrapiSchemaFile): ContentTypeSchema {
  return {
    uid,
    singularName: file.info.singularName,
    displayName: file.info.displayName,
    draftAndPublish: file.options?.draftAndPublish === true,
    localized: file.pluginOptions?.i18n?.localized === true,
    attributes: file.attributes,
  };
}

/** The playground's Article and Category, and its shared.seo component, from their schema files. */
export function playgroundArticle() {
  const article = fromSchemaFile(
    'api::article.article',
    readJson('api/article/content-types/article/schema.json')
  );
  const category = fromSchemaFile(
    'api::category.category',
    readJson('api/category/content-types/category/schema.json')
  );
  const seo: ComponentSchema = {
    uid: 'shared.seo',
    attributes: readJson<{ attributes: Attributes }>('components/shared/seo.json').attributes,
  };
  return { schema: article, catalog: catalogOf([article, category], [seo]) };
}

/** An article as both integrations hand it over, normalized. */
export function sampleArticle(fields: Partial<ArticleFields> = {}): NormalizedArticle {
  return normalizeArticle(
    {
      title: 'How to water succulents',
      html: '<h2>Intro</h2><p>Succulents need <strong>little</strong> water &amp; lots of light.</p><p>Second paragraph.</p>',
      slug: undefined,
      status: 'publish',
      focusKeyword: 'succulents',
      secondaryKeywords: ['Watering', 'succulents', 'houseplants'],
      metaDescription:
        'A short guide to watering succulents at home: how often, how much, and the signs of too much water.',
      jsonLd: { '@context': 'https://schema.org', '@type': 'Article', headline: 'How to water succulents' },
      featuredImage: { source: 'https://images.example.com/succulent.jpg', alt: 'A succulent' },
      categories: { kind: 'names', category: 'Gardening', subCategory: 'Watering' },
      ...fields,
    },
    { defaultStatus: 'draft', sanitize: {} }
  );
}
