import type { MappableFields } from './mappable-fields';
import type { DefaultSuggestion, RequiredFill } from './required-fields';
import type { RoleCandidates } from './role-candidates';
import type { RoleChoice } from './role-choices';
import type { AttributeSchema, ComponentSchema } from './schema';

/**
 * A target content type read into roles: which attribute receives each part of an article, with the
 * facts (type, limits, related types) needed to fit values to it. Built once per target by
 * `detectTargetProfile`; the server glue resolves body, media and relations from it.
 */

/** One attribute of the target, a component or a related type, by name, with its schema. */
export interface FieldRef {
  field: string;
  attribute: AttributeSchema;
}

/** A type a relation points at (category, tag, author), as far as the plugin writes or finds it. */
export interface RelatedType {
  uid: string;
  draftAndPublish: boolean;
  localized: boolean;
  /** The field holding the entry's name (name, title, ...); null when the type has none. */
  name: FieldRef | null;
  /** A uid, else a string named slug. */
  slug: FieldRef | null;
}

export interface CategoryType extends RelatedType {
  /** A to-one relation from the category type to itself (a sub-category's parent). */
  parent: string | null;
  /** Required fields other than name and slug that have no default: the glue fills or gives up on them. */
  otherRequired: FieldRef[];
  /** The `categoryDefaults` setting's values for this type's fields (a required image's file id), checked at detection. */
  defaults?: Readonly<Record<string, unknown>>;
}

export interface RelationRole<Type extends RelatedType> extends FieldRef {
  kind: 'relation';
  /** oneToMany/manyToMany (several entries) rather than manyToOne/oneToOne (Strapi keeps the last). */
  toMany: boolean;
  type: Type;
}

/** A plain string/text field that receives a name, or an enumeration that receives an allowed value. */
export interface NameFieldRole extends FieldRef {
  kind: 'text' | 'enumeration';
}

export type CategoriesRole = RelationRole<CategoryType> | NameFieldRole;

/** Tags as relations, a JSON array of names, or a comma-separated string. */
export type TagsRole = RelationRole<RelatedType> | (FieldRef & { kind: 'json' | 'text' });

export interface NestedComponent extends FieldRef {
  component: ComponentSchema;
}

/** Where each SEO value goes; the same slots for a component and for flat fields on the type. */
export interface SeoSlots {
  title: FieldRef | null;
  description: FieldRef | null;
  keywords: FieldRef | null;
  /** The focus keyword alone (`focusKeyword`, `keyword`). */
  focusKeyword: FieldRef | null;
  canonicalUrl: FieldRef | null;
  /** A json field for structured data (JSON-LD). */
  structuredData: FieldRef | null;
}

export interface SeoComponentRole extends FieldRef, SeoSlots {
  kind: 'component';
  component: ComponentSchema;
  /** metaImage/shareImage/ogImage: receives the featured image. */
  image: FieldRef | null;
  /** Components inside it (openGraph, metaSocial): filled only when required. */
  nested: NestedComponent[];
  /** A repeatable component: written as a list of one (an existing first entry updated in place). */
  repeatable: boolean;
}

export interface FlatSeoRole extends SeoSlots {
  kind: 'flat';
}

export type SeoRole = SeoComponentRole | FlatSeoRole;

/** The body's slot: filled by the body detector of core/src/body (injected) or by the glue. */
export interface BodySlot {
  field: string;
  /** Why this field holds the body when no name says so ("the only long text field", "the only rich text field"). */
  chosenBecause?: string;
  /** Other fields could have held it: the choice is named as a guess for the owner to confirm. */
  chosenAmongSeveral?: boolean;
}

/** A `defaults` constant: written when the entry has no value for its field. */
export interface DefaultValue extends FieldRef {
  value: unknown;
}

export interface TargetProblems {
  /** Nothing can be published until these are fixed. */
  fatal: string[];
  /** Publishing works, but a part of the article is not saved. */
  degraded: string[];
}

export interface TargetProfile<Body extends BodySlot = BodySlot> {
  uid: string;
  draftAndPublish: boolean;
  localized: boolean;
  title: FieldRef | null;
  /** null: no slug field; the upsert key is the plugin's own record of slug -> document. */
  slug: FieldRef | null;
  body: Body | null;
  featuredImage: FieldRef | null;
  summary: FieldRef | null;
  categories: CategoriesRole | null;
  tags: TagsRole | null;
  seo: SeoRole | null;
  author: RelationRole<RelatedType> | null;
  date: FieldRef | null;
  readingTime: FieldRef | null;
  /** A json field for JSON-LD, used only when the SEO target has no structured-data field. */
  jsonLd: FieldRef | null;
  /** The `defaults` constants that name fields of the type. */
  defaults: DefaultValue[];
  /** Required fields no role fills, each with where its value comes from (core/src/target-profile/required-fields.ts). */
  fills: RequiredFill[];
  /** What an `author` fill receives: the `authorName` setting, else the site's name. */
  authorName?: string;
  /** The `defaults` entries that would let the fatal required fields be written. */
  suggestedDefaults: DefaultSuggestion[];
  /** Roles given to a field by its shape, not its name (ping, the target check and the dry run show them). */
  choices: RoleChoice[];
  /** Per role chosen by shape (or left undecided among several), every field the owner may pick, the chosen one first. */
  candidates: RoleCandidates;
  /** For each role no field takes, the type's fields `fields` could name for it (core/src/target-profile/mappable-fields.ts). */
  mappable: MappableFields;
  problems: TargetProblems;
}

/** Each role's attribute name (null when the role is off), as ping and the admin show the mapping. */
export function profileMapping(profile: TargetProfile): Record<string, string | null> {
  const seo = profile.seo;
  const categoryType = profile.categories?.kind === 'relation' ? profile.categories.type : null;
  return {
    title: profile.title?.field ?? null,
    slug: profile.slug?.field ?? null,
    content: profile.body?.field ?? null,
    cover: profile.featuredImage?.field ?? null,
    summary: profile.summary?.field ?? null,
    categories: profile.categories?.field ?? null,
    tags: profile.tags?.field ?? null,
    seo: seo === null ? null : seo.kind === 'component' ? seo.field : flatSeoFields(seo).join(', '),
    author: profile.author?.field ?? null,
    date: profile.date?.field ?? null,
    readingTime: profile.readingTime?.field ?? null,
    jsonLd: profile.jsonLd?.field ?? null,
    // The category type's own fields, as the categoryFields option names them.
    categoryName: categoryType?.name?.field ?? null,
    categorySlug: categoryType?.slug?.field ?? null,
    categoryParent: categoryType?.parent ?? null,
  };
}

function flatSeoFields(seo: FlatSeoRole): string[] {
  return [seo.title, seo.description, seo.keywords, seo.focusKeyword, seo.canonicalUrl, seo.structuredData]
    .filter((slot): slot is FieldRef => slot !== null)
    .map((slot) => slot.field);
}
