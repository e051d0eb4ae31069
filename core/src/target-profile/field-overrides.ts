import { z } from 'zod';

/**
 * The `fields` option, extended for the target profile: each role may name the attribute that
 * receives it, or '' to turn the role off; an absent role is detected from the schema. The lead
 * merges this into core/src/config.ts (today's `{ title, slug, content, cover, categories, seo }`
 * keep their meaning; `content` is the body).
 */
const fieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an attribute name');
const optionalFieldName = z.union([fieldName, z.literal('')]);

export const fieldOverridesSchema = z
  .object({
    /** The title cannot be turned off: every article has one. */
    title: fieldName,
    /** '' = no slug field: the upsert key is the plugin's own slug record. */
    slug: optionalFieldName,
    /** The body; '' publishes without one. */
    content: optionalFieldName,
    /** The featured image. */
    cover: optionalFieldName,
    summary: optionalFieldName,
    categories: optionalFieldName,
    tags: optionalFieldName,
    /** An SEO component attribute; '' also turns flat SEO fields off. */
    seo: optionalFieldName,
    author: optionalFieldName,
    /** The publication date. */
    date: optionalFieldName,
    readingTime: optionalFieldName,
    /** The JSON field that receives JSON-LD when the SEO target has no structured-data field. */
    jsonLd: optionalFieldName,
  })
  .partial()
  .strict();

export type FieldOverrides = z.infer<typeof fieldOverridesSchema>;
export type OverridableRole = keyof FieldOverrides;

/** Every role `fields` may name, in the schema's (and the settings form's) order. */
export const OVERRIDABLE_ROLES: readonly OverridableRole[] = fieldOverridesSchema.keyof().options;

/** The category type's own fields, when the names differ from what detection finds. */
export const categoryFieldOverridesSchema = z
  .object({ name: fieldName, slug: optionalFieldName, parent: optionalFieldName })
  .partial()
  .strict();

export type CategoryFieldOverrides = z.infer<typeof categoryFieldOverridesSchema>;

/** A constant a field may be given (`defaults` option): scalars, or a JSON value for a json field. */
const constantValue: z.ZodType<unknown> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);

/** `defaults`: constants for required fields no role fills, e.g. `{ language: 'en' }`. */
export const fieldDefaultsSchema = z.record(fieldName, constantValue);

export type FieldDefaults = z.infer<typeof fieldDefaultsSchema>;
