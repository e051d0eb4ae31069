import type { NormalizedArticle } from '../article';
import { fitValue } from './fit';
import { derivedDescription, fitDescription } from './fit-description';
import type { FieldRef, NestedComponent, SeoComponentRole, SeoRole, SeoSlots } from './profile';
import { findByName, isSingleImage, isType, normalizedName, ROLE_NAMES, TEXT_TYPES } from './role-names';
import type { Attributes } from './schema';

/** What the SEO target receives, before fitting. */
export interface SeoSource {
  title: string;
  description: string | undefined;
  /** The article's opening text: the description when there is none, or when it is under minLength. */
  descriptionFallback: string;
  /**
   * The title, description and text together: when the opening text is under minLength too. Built only
   * then: for a 5 MB article it copies and lowercases the whole text (300 ms and more of the event loop,
   * twice a publish), for the rare description field whose minimum the opening text misses.
   */
  descriptionDerived: () => string;
  keywords: string | undefined;
  focusKeyword: string | undefined;
  canonicalUrl: string | undefined;
  structuredData: unknown;
  hasFeaturedImage: boolean;
}

/** `focusKeyword`: the focus keyword when the caller knows it; else the first of the article's keywords. */
export function seoSource(
  article: NormalizedArticle,
  postUrl: string | undefined,
  focusKeyword?: string
): SeoSource {
  return {
    title: article.seo.metaTitle,
    description: article.seo.metaDescription ?? article.seo.descriptionFallback,
    descriptionFallback: article.seo.descriptionFallback,
    descriptionDerived: () =>
      derivedDescription([article.title, article.seo.metaDescription, article.seo.descriptionFallback]),
    keywords: article.seo.keywords,
    focusKeyword: (focusKeyword ?? article.seo.keywords?.split(',')[0])?.trim() || undefined,
    canonicalUrl: postUrl,
    structuredData: article.structuredData ?? undefined,
    hasFeaturedImage: article.featuredImage !== undefined,
  };
}

/** Values for the SEO slots (component or flat), by attribute name, fitted. */
function slotValues(slots: SeoSlots, source: SeoSource, warnings: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const put = (slot: FieldRef | null, value: unknown) => {
    if (!slot) return;
    const fitted =
      slot === slots.description
        ? fitDescription(slot.field, slot.attribute, source)
        : fitValue(slot.field, slot.attribute, value);
    warnings.push(...fitted.warnings);
    if (fitted.value !== undefined) values[slot.field] = fitted.value;
  };
  put(slots.title, source.title);
  put(slots.description, source.description);
  put(slots.keywords, source.keywords);
  put(slots.focusKeyword, source.focusKeyword);
  put(slots.canonicalUrl, source.canonicalUrl);
  put(slots.structuredData, source.structuredData);
  return values;
}

export interface SeoPlan {
  /** Flat fields: attribute -> value on the type. Component: the component's value under its field. */
  values: Record<string, unknown>;
  /** Paths (from the type's attributes) where the featured image's id goes. */
  featuredImagePaths: Array<Array<string | number>>;
}

/**
 * The SEO target's values. A component is updated in place (its `id` kept) so fields the plugin does
 * not manage survive; it is left out, with a warning, when a required field of it has no value here
 * or in the existing component, since Strapi would then refuse the whole post.
 */
export function planSeo(
  seo: SeoRole,
  source: SeoSource,
  existingComponent: unknown,
  warnings: string[]
): SeoPlan {
  if (seo.kind === 'flat') return { values: slotValues(seo, source, warnings), featuredImagePaths: [] };
  // A repeatable SEO component is a list: its first entry is the one the plugin writes.
  const existingList: unknown[] | undefined =
    seo.repeatable && Array.isArray(existingComponent) ? existingComponent : undefined;
  const existing = existingList ? existingList[0] : existingComponent;
  const values = slotValues(seo, source, warnings);
  const imagePaths: Array<Array<string | number>> = [];
  if (seo.image && source.hasFeaturedImage) imagePaths.push([seo.image.field]);
  else if (seo.image?.attribute.required && !hasValue(existing, seo.image.field)) {
    warnings.push(
      `The SEO field ${seo.image.field} is required but the article has no featured image; an editor must add one before publishing from the admin.`
    );
  }
  imagePaths.push(...fillSocialFields(seo.component.attributes, values, existing, source, seo.image));
  for (const nested of seo.nested) {
    if (!nested.attribute.required || hasValue(existing, nested.field)) continue;
    const filled = nestedValues(nested, source, warnings);
    if (filled) {
      values[nested.field] = filled.value;
      imagePaths.push(...filled.imagePaths.map((path) => [nested.field, ...path]));
    } else {
      warnings.push(
        `The SEO field ${nested.field} is required, but its own required fields cannot be filled from the article; it was left out.`
      );
    }
  }
  const missing = requiredLeftEmpty(seo, values, existing);
  if (missing.length) {
    warnings.push(
      `The SEO component was not saved: its required field(s) ${missing.join(', ')} had no usable value.`
    );
    return { values: {}, featuredImagePaths: [] };
  }
  const existingId = (existing as { id?: unknown } | null | undefined)?.id;
  const component = existingId === undefined || existingId === null ? values : { id: existingId, ...values };
  if (seo.repeatable) {
    // Entries an editor added after the first are kept as they are (by id: Strapi leaves their fields).
    const kept = (existingList?.slice(1) ?? [])
      .map((entry) => (entry as { id?: unknown } | null)?.id)
      .filter((id) => id !== undefined && id !== null)
      .map((id) => ({ id }));
    return {
      values: { [seo.field]: [component, ...kept] },
      featuredImagePaths: imagePaths.map((path) => [seo.field, 0, ...path]),
    };
  }
  return {
    values: { [seo.field]: component },
    featuredImagePaths: imagePaths.map((path) => [seo.field, ...path]),
  };
}

/** Open Graph and Twitter fields of an SEO component (`ogTitle`, `twitterDescription`, `ogImage`). */
const SOCIAL_FIELD = /^(og|opengraph|twitter|social)(title|description|url|type|image)$/;

/**
 * The SEO component's own required Open Graph / Twitter fields, filled from the same title,
 * description, URL and featured image at every publish, as the meta title is; the image's paths are
 * returned (relative to the component). An image an editor set is kept.
 */
function fillSocialFields(
  attributes: Attributes,
  values: Record<string, unknown>,
  existing: unknown,
  source: SeoSource,
  image: FieldRef | null
): Array<Array<string | number>> {
  const imagePaths: Array<Array<string | number>> = [];
  for (const [name, attribute] of Object.entries(attributes)) {
    const part = SOCIAL_FIELD.exec(normalizedName(name))?.[2];
    if (!part || !attribute.required || values[name] !== undefined) continue;
    if (part === 'image') {
      if (hasValue(existing, name)) continue;
      if (name !== image?.field && isSingleImage(attribute, name) && source.hasFeaturedImage)
        imagePaths.push([name]);
      continue;
    }
    const value = {
      title: source.title,
      description: source.description,
      url: source.canonicalUrl,
      type: 'article',
    }[part];
    const fitted =
      part === 'description'
        ? fitDescription(name, attribute, source)
        : fitValue(name, attribute, value, { fallback: source.descriptionFallback });
    if (fitted.value !== undefined) values[name] = fitted.value;
  }
  return imagePaths;
}

/** Required fields (media aside: Strapi accepts them empty unless strictRelations) with no value. */
function requiredLeftEmpty(
  seo: SeoComponentRole,
  values: Record<string, unknown>,
  existing: unknown
): string[] {
  return Object.entries(seo.component.attributes)
    .filter(
      ([name, attribute]) =>
        attribute.required &&
        attribute.type !== 'media' &&
        attribute.default === undefined &&
        values[name] === undefined &&
        !hasValue(existing, name)
    )
    .map(([name]) => name);
}

/**
 * An openGraph/metaSocial-like component filled from the SEO values: title, description, URL, type
 * `article`, image; a repeatable one gets one entry per value of its required enumeration (one per
 * social network). Undefined when a required field would stay empty.
 */
export function nestedValues(
  nested: NestedComponent,
  source: SeoSource,
  warnings: string[]
): { value: unknown; imagePaths: Array<Array<string | number>> } | undefined {
  const { attributes } = nested.component;
  const text = isType(...TEXT_TYPES);
  const slots: SeoSlots = {
    title: findByName(attributes, ['ogtitle', 'title', 'metatitle'], text),
    description: findByName(attributes, ['ogdescription', 'description', 'metadescription'], text),
    keywords: null,
    focusKeyword: null,
    canonicalUrl: findByName(attributes, ['ogurl', 'url', 'canonicalurl'], text),
    structuredData: null,
  };
  const type = findByName(attributes, ['ogtype', 'type'], text);
  const image = findByName(attributes, ['ogimage', 'image', ...ROLE_NAMES.seoImage], isSingleImage);
  const choice = Object.entries(attributes).find(
    ([, attribute]) => attribute.type === 'enumeration' && attribute.required
  );
  const choices = choice
    ? nested.attribute.repeatable
      ? (choice[1].enum ?? [])
      : (choice[1].enum ?? []).slice(0, 1)
    : [undefined];
  const entries: Record<string, unknown>[] = [];
  const fitWarnings: string[] = [];
  for (const value of choices) {
    // Every entry is fitted alike: its warnings are said once.
    const entry = slotValues(slots, source, entries.length === 0 ? fitWarnings : []);
    if (type) entry[type.field] = 'article';
    if (choice && value !== undefined) entry[choice[0]] = value;
    if (requiredEmpty(attributes, entry).length) return undefined;
    entries.push(entry);
  }
  if (entries.length === 0) return undefined;
  warnings.push(...fitWarnings.map((warning) => `${nested.field}: ${warning}`));
  const imagePaths =
    image && source.hasFeaturedImage
      ? entries.map((_, index) => (nested.attribute.repeatable ? [index, image.field] : [image.field]))
      : [];
  return { value: nested.attribute.repeatable ? entries : entries[0], imagePaths };
}

function requiredEmpty(attributes: Attributes, values: Record<string, unknown>): string[] {
  return Object.entries(attributes)
    .filter(
      ([name, attribute]) =>
        attribute.required &&
        attribute.type !== 'media' &&
        attribute.default === undefined &&
        values[name] === undefined
    )
    .map(([name]) => name);
}

export function hasValue(record: unknown, field: string): boolean {
  const value = (record as Record<string, unknown> | null | undefined)?.[field];
  return (
    value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)
  );
}
