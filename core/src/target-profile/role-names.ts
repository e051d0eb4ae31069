import type { Attributes, AttributeSchema } from './schema';
import type { FieldRef } from './profile';

/**
 * The common attribute names of each role, compared without case, '_' or '-' (so `featured_image`,
 * `featuredImage` and `FeaturedImage` are one name). Earlier names win.
 */
export const ROLE_NAMES = {
  title: ['title', 'headline', 'heading', 'name'],
  slug: ['slug'],
  featuredImage: [
    'cover',
    'coverimage',
    'image',
    'featuredimage',
    'featuredmedia',
    'hero',
    'heroimage',
    'thumbnail',
    'mainimage',
    'banner',
  ],
  summary: [
    'description',
    'excerpt',
    'summary',
    'intro',
    'introduction',
    'shortdescription',
    'teaser',
    'lead',
    'abstract',
  ],
  categoriesField: ['categories', 'category', 'topics', 'topic', 'sections', 'section'],
  categoryType: [
    'category',
    'categories',
    'topic',
    'section',
    'articlecategory',
    'blogcategory',
    'postcategory',
  ],
  tagsField: ['tags', 'tag', 'keywords', 'labels'],
  tagType: ['tag', 'tags', 'keyword', 'label', 'articletag', 'blogtag', 'posttag'],
  authorField: ['author', 'authors', 'writer', 'writers', 'writtenby'],
  authorType: ['author', 'writer', 'user', 'person', 'member', 'blogauthor'],
  relatedName: ['name', 'title', 'label', 'fullname', 'displayname', 'username'],
  date: [
    'publisheddate',
    'pubdate',
    'date',
    'publishedon',
    'publicationdate',
    'publishdate',
    'postdate',
    'postedon',
    'releasedate',
  ],
  readingTime: ['readingtime', 'readtime', 'readingminutes', 'minutestoread', 'timetoread'],
  jsonLd: ['jsonld', 'structureddata', 'schema', 'schemamarkup', 'schemaorg'],
  seoField: ['seo', 'meta', 'metadata', 'seometa'],
  seoTitle: ['metatitle', 'seotitle', 'title'],
  seoDescription: ['metadescription', 'seodescription', 'description'],
  seoKeywords: ['keywords', 'metakeywords', 'seokeywords'],
  seoCanonical: ['canonicalurl', 'canonical', 'canonicallink'],
  seoImage: ['metaimage', 'shareimage', 'ogimage', 'socialimage', 'image'],
  seoStructuredData: ['structureddata', 'jsonld', 'schema', 'schemamarkup'],
  /** Flat SEO fields on the type itself must say they are SEO: a bare `title` is the article's. */
  flatSeoTitle: ['metatitle', 'seotitle'],
  flatSeoDescription: ['metadescription', 'seodescription'],
  flatSeoKeywords: ['metakeywords', 'seokeywords'],
  flatSeoCanonical: ['canonicalurl', 'canonical'],
} as const;

/** Names that mark a component as SEO when its field is not called `seo`. */
export const SEO_MARKER_NAMES = ['metatitle', 'seotitle', 'metadescription', 'seodescription'];

export function normalizedName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export type AttributeTest = (attribute: AttributeSchema, name: string) => boolean;

/**
 * The attribute whose name comes first in `names` among those that pass `accepts` and are not taken
 * by another role.
 */
export function findByName(
  attributes: Attributes,
  names: readonly string[],
  accepts: AttributeTest,
  taken: ReadonlySet<string> = new Set()
): FieldRef | null {
  for (const wanted of names) {
    for (const [field, attribute] of Object.entries(attributes)) {
      if (taken.has(field) || normalizedName(field) !== wanted) continue;
      if (accepts(attribute, field)) return { field, attribute };
    }
  }
  return null;
}

export const isType =
  (...types: string[]): AttributeTest =>
  (attribute) =>
    types.includes(attribute.type);

export const TEXT_TYPES = ['string', 'text'];

/** A media field that holds one image (no allowedTypes means every kind, images included). */
export const isSingleImage: AttributeTest = (attribute) =>
  attribute.type === 'media' &&
  attribute.multiple !== true &&
  (attribute.allowedTypes === undefined || attribute.allowedTypes.includes('images'));

/** Relations Strapi 5 stores as a list; a to-one relation keeps only the last id it is given. */
export function isToMany(attribute: AttributeSchema): boolean {
  return ['oneToMany', 'manyToMany', 'manyWay', 'morphToMany', 'morphMany'].includes(
    attribute.relation ?? ''
  );
}
