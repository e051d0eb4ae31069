/**
 * A content type's schema as the target profile reads it: the part of Strapi's model that decides
 * where each part of an article can go. Framework-free, so role detection, value fitting and body
 * layout are unit-tested on plain objects; the server builds these from `strapi.contentTypes` and
 * `strapi.components`.
 */
export interface AttributeSchema {
  /** Strapi's attribute type: string, text, richtext, blocks, uid, media, relation, component, dynamiczone, json, ... A custom field reports its underlying type here. */
  type: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** relation: oneToOne, manyToOne, oneToMany, manyToMany, ... */
  relation?: string;
  /** relation: the related content type's uid. */
  target?: string;
  /** component: the component's uid; `repeatable` when it is a list. */
  component?: string;
  repeatable?: boolean;
  /** dynamiczone: the uids of the components it allows. */
  components?: string[];
  /** media: several files, and which kinds (images, videos, files, audios). */
  multiple?: boolean;
  allowedTypes?: string[];
  /** A custom field's uid, e.g. `plugin::ckeditor5.CKEditor`, and its options (CKEditor's `output`). */
  customField?: string;
  options?: Record<string, unknown>;
  /** string/text: the pattern Strapi checks the value against (its `regex` option). */
  regex?: string;
  /** enumeration: the values it allows. */
  enum?: string[];
  /** uid: the attribute the slug is made from. */
  targetField?: string;
  default?: unknown;
  /** i18n: whether this attribute is localized (`pluginOptions.i18n.localized`). */
  localized?: boolean;
}

export type Attributes = Record<string, AttributeSchema>;

export interface ContentTypeSchema {
  uid: string;
  /** Strapi's `kind`; absent is read as a collection type (plain objects in unit tests). */
  kind?: 'collectionType' | 'singleType';
  /** info.singularName / displayName, for names like "tag" or "author". */
  singularName: string;
  displayName: string;
  draftAndPublish: boolean;
  /** Localized with Strapi's i18n (`pluginOptions.i18n.localized`). */
  localized: boolean;
  attributes: Attributes;
}

export interface ComponentSchema {
  uid: string;
  attributes: Attributes;
}

/** Looks up the types and components a target's relations, components and zones point at. */
export interface SchemaCatalog {
  contentType(uid: string): ContentTypeSchema | undefined;
  component(uid: string): ComponentSchema | undefined;
}
