import type { Core } from '@strapi/strapi';
import type { EffectiveConfig } from '../../../core/src/config';
import { ServiceError } from '../../../core/src/errors';
import type { TextLimits } from '../../../core/src/seo';
import type { TargetDescription } from '../../../core/src/target-description';

export type { TargetDescription } from '../../../core/src/target-description';

interface Attribute {
  type: string;
  target?: string;
  component?: string;
  relation?: string;
  minLength?: number;
  maxLength?: number;
  required?: boolean;
}

type Attributes = Record<string, Attribute | undefined>;


const TEXT_TYPES = ['string', 'text'];

/**
 * Strapi's validator caps a `string` without a declared maxLength at 255, and that is its column's
 * width (varchar(255)) on PostgreSQL and MySQL; a `uid` gets the same column but no validator cap.
 */
const STRING_MAX_LENGTH = 255;

/** A text attribute's limits, with Strapi's implicit cap made explicit. */
function textLimits(attribute: Attribute | undefined): TextLimits {
  if (!attribute) return {};
  const implicitMax = attribute.type === 'string' || attribute.type === 'uid' ? STRING_MAX_LENGTH : undefined;
  return { minLength: attribute.minLength, maxLength: attribute.maxLength ?? implicitMax, required: attribute.required };
}

/** Reads the configured target and category types from Strapi's schema and says what is missing. */
const targetSchema = ({ strapi }: { strapi: Core.Strapi }) => {
  const model = (uid: string) =>
    strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as
      | { attributes: Attributes; options?: { draftAndPublish?: boolean } }
      | undefined;

  return {
    describe(config: EffectiveConfig): TargetDescription {
      const { fields } = config;
      const fatal: string[] = [];
      const degraded: string[] = [];
      const description: TargetDescription = {
        uid: config.targetContentType,
        draftAndPublish: false,
        fields: { title: fields.title, slug: fields.slug, content: fields.content },
        contentFormat: 'html',
        titleLimits: {},
        seoLimits: {},
        seoAttributes: [],
        fatal,
        degraded,
      };
      const target = model(config.targetContentType);
      if (!target) {
        fatal.push(`The target content type "${config.targetContentType}" does not exist.`);
        return description;
      }
      description.draftAndPublish = target.options?.draftAndPublish === true;
      const attribute = (name: string) => (name ? target.attributes[name] : undefined);

      const expect = (role: string, name: string, types: string[]) => {
        const found = attribute(name);
        if (!found) fatal.push(`The ${role} field "${name}" does not exist on ${config.targetContentType}.`);
        else if (!types.includes(found.type)) {
          const expected = types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types.at(-1)}` : types[0];
          fatal.push(`The ${role} field "${name}" is of type ${found.type}; expected ${expected}.`);
        }
      };
      expect('title', fields.title, TEXT_TYPES);
      description.titleLimits = textLimits(attribute(fields.title));
      expect('slug', fields.slug, ['uid', 'string']);
      // A blocks body gets the article converted to blocks JSON (core/src/blocks).
      if (attribute(fields.content)?.type === 'blocks') description.contentFormat = 'blocks';
      else expect('content', fields.content, ['richtext', 'text', 'blocks']);

      const cover = attribute(fields.cover);
      if (cover?.type === 'media') description.fields.cover = fields.cover;
      else degraded.push(`No media field "${fields.cover}": the featured image will not be attached.`);

      const categories = attribute(fields.categories);
      const categoryModel = model(config.categoryContentType);
      if (categories?.type === 'relation' && categories.target === config.categoryContentType && categoryModel) {
        description.fields.categories = fields.categories;
        const { name, slug, parent } = config.categoryFields;
        if (!categoryModel.attributes[name]) {
          degraded.push(`The category type has no "${name}" field: categories by name cannot be used.`);
        }
        const parentAttribute = parent ? categoryModel.attributes[parent] : undefined;
        description.category = {
          uid: config.categoryContentType,
          draftAndPublish: categoryModel.options?.draftAndPublish === true,
          name,
          nameLimits: textLimits(categoryModel.attributes[name]),
          slug: slug && categoryModel.attributes[slug] ? slug : undefined,
          slugMaxLength: (slug && textLimits(categoryModel.attributes[slug]).maxLength) || STRING_MAX_LENGTH,
          parent: parentAttribute?.type === 'relation' && parentAttribute.target === config.categoryContentType ? parent : undefined,
        };
        if (!description.category.parent) degraded.push('The category type has no parent relation: sub_category is assigned without a parent.');
      } else {
        degraded.push(`No relation "${fields.categories}" to ${config.categoryContentType}: categories will not be assigned.`);
      }

      const seo = attribute(fields.seo);
      const seoComponent = seo?.type === 'component' && seo.component ? strapi.components[seo.component as keyof typeof strapi.components] : undefined;
      if (seoComponent) {
        description.fields.seo = fields.seo;
        const attributes = (seoComponent as { attributes: Attributes }).attributes;
        description.seoAttributes = Object.keys(attributes);
        for (const [name, definition] of Object.entries(attributes)) {
          if (definition && TEXT_TYPES.includes(definition.type)) description.seoLimits[name] = textLimits(definition);
        }
      } else {
        degraded.push(`No SEO component "${fields.seo}": focus keyword, meta description and JSON-LD will not be saved.`);
      }
      return description;
    },

    /** The description, or a 500 publish_failed that says what is wrong with the target. */
    requireUsable(config: EffectiveConfig): TargetDescription {
      const description = this.describe(config);
      if (description.fatal.length) {
        throw new ServiceError('publish_failed', `The site's target content type cannot receive articles: ${description.fatal.join(' ')}`);
      }
      return description;
    },
  };
};

export type TargetSchemaService = ReturnType<typeof targetSchema>;
export default targetSchema;
