import type { Core } from '@strapi/strapi';
import type {
  AttributeSchema,
  Attributes,
  ComponentSchema,
  ContentTypeSchema,
  SchemaCatalog,
} from '../../../core/src/target-profile/schema';

/**
 * Strapi's runtime model of an attribute, as far as the target profile reads it. A custom field
 * reports its underlying type in `type` and keeps `customField` and `options` (Strapi 5.54).
 */
type RuntimeAttribute = Omit<AttributeSchema, 'localized'> & {
  pluginOptions?: { i18n?: { localized?: boolean } };
};

interface RuntimeModel {
  uid?: string;
  kind?: string;
  info?: { singularName?: string; displayName?: string };
  options?: { draftAndPublish?: boolean };
  pluginOptions?: { i18n?: { localized?: boolean } };
  attributes: Record<string, RuntimeAttribute | undefined>;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One attribute in the profile's shape: only the keys it reads, each checked for its type. */
export function toAttributeSchema(attribute: RuntimeAttribute): AttributeSchema {
  const schema: AttributeSchema = { type: attribute.type };
  if (attribute.required === true) schema.required = true;
  if (isNumber(attribute.minLength)) schema.minLength = attribute.minLength;
  if (isNumber(attribute.maxLength)) schema.maxLength = attribute.maxLength;
  if (typeof attribute.relation === 'string') schema.relation = attribute.relation;
  if (typeof attribute.target === 'string') schema.target = attribute.target;
  if (typeof attribute.component === 'string') schema.component = attribute.component;
  if (attribute.repeatable === true) schema.repeatable = true;
  if (Array.isArray(attribute.components))
    schema.components = attribute.components.filter((uid) => typeof uid === 'string');
  if (attribute.multiple === true) schema.multiple = true;
  if (Array.isArray(attribute.allowedTypes)) schema.allowedTypes = attribute.allowedTypes;
  if (typeof attribute.customField === 'string') schema.customField = attribute.customField;
  if (attribute.options && typeof attribute.options === 'object') schema.options = attribute.options;
  if (typeof attribute.regex === 'string') schema.regex = attribute.regex;
  if (Array.isArray(attribute.enum)) schema.enum = attribute.enum.map(String);
  if (typeof attribute.targetField === 'string') schema.targetField = attribute.targetField;
  if (attribute.default !== undefined) schema.default = attribute.default;
  if (attribute.pluginOptions?.i18n?.localized === true) schema.localized = true;
  return schema;
}

function toAttributes(attributes: RuntimeModel['attributes']): Attributes {
  const result: Attributes = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute && typeof attribute.type === 'string') result[name] = toAttributeSchema(attribute);
  }
  return result;
}

/** The framework-free view of Strapi's content types and components, read lazily and kept per uid. */
export function schemaCatalog(strapi: Core.Strapi): SchemaCatalog {
  const contentTypes = new Map<string, ContentTypeSchema | undefined>();
  const components = new Map<string, ComponentSchema | undefined>();
  return {
    contentType(uid) {
      if (!contentTypes.has(uid)) {
        const model = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as unknown as
          | RuntimeModel
          | undefined;
        contentTypes.set(
          uid,
          model && {
            uid,
            kind: model.kind === 'singleType' ? 'singleType' : 'collectionType',
            singularName: model.info?.singularName ?? uid.split('.').at(-1) ?? uid,
            displayName: model.info?.displayName ?? uid,
            draftAndPublish: model.options?.draftAndPublish === true,
            localized: model.pluginOptions?.i18n?.localized === true,
            attributes: toAttributes(model.attributes),
          }
        );
      }
      return contentTypes.get(uid);
    },
    component(uid) {
      if (!components.has(uid)) {
        const model = strapi.components[uid as keyof typeof strapi.components] as unknown as
          | RuntimeModel
          | undefined;
        components.set(uid, model && { uid, attributes: toAttributes(model.attributes) });
      }
      return components.get(uid);
    },
  };
}
