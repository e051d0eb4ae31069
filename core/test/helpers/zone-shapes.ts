import type {
  Attributes,
  ComponentSchema,
  ContentTypeSchema,
  SchemaCatalog,
} from '../../src/target-profile/schema';

/** Component shapes of real sites' dynamic-zone bodies, as their schemas define them. */
export const EXAMPLE_BLOG_COMPONENTS: ComponentSchema[] = [
  {
    uid: 'shared.media',
    attributes: { file: { type: 'media', multiple: false, allowedTypes: ['images', 'files', 'videos'] } },
  },
  { uid: 'shared.quote', attributes: { title: { type: 'string' }, body: { type: 'text' } } },
  { uid: 'shared.rich-text', attributes: { body: { type: 'richtext' } } },
  {
    uid: 'shared.slider',
    attributes: { files: { type: 'media', multiple: true, allowedTypes: ['images'] } },
  },
];

export const CORPORATE_COMPONENTS: ComponentSchema[] = [
  { uid: 'shared.rich-text', attributes: { body: { type: 'richtext' } } },
  { uid: 'shared.media', attributes: { file: { type: 'media', multiple: false, allowedTypes: ['images'] } } },
  { uid: 'shared.quote', attributes: { title: { type: 'string' }, body: { type: 'text', required: true } } },
  { uid: 'shared.video-embed', attributes: { url: { type: 'string', required: true } } },
  {
    uid: 'blocks.cta',
    attributes: {
      title: { type: 'string', required: true },
      text: { type: 'text' },
      link: { type: 'string', required: true },
    },
  },
];

export function catalogOf(
  components: ComponentSchema[],
  contentTypes: ContentTypeSchema[] = []
): SchemaCatalog {
  return {
    component: (uid) => components.find((component) => component.uid === uid),
    contentType: (uid) => contentTypes.find((type) => type.uid === uid),
  };
}

export function contentType(attributes: Attributes, uid = 'api::article.article'): ContentTypeSchema {
  return {
    uid,
    singularName: 'article',
    displayName: 'Article',
    draftAndPublish: true,
    localized: false,
    attributes,
  };
}

/** Strapi's example blog article (`create-strapi --example`). */
export const EXAMPLE_BLOG_ARTICLE = contentType({
  title: { type: 'string' },
  description: { type: 'text', maxLength: 80 },
  slug: { type: 'uid', targetField: 'title' },
  cover: { type: 'media', multiple: false, allowedTypes: ['images', 'files', 'videos'] },
  author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
  category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
  blocks: { type: 'dynamiczone', components: EXAMPLE_BLOG_COMPONENTS.map((component) => component.uid) },
});
