import type { TextLimits } from './seo';

/** What the publish pipeline may write on the target, after checking its schema. */
export interface TargetDescription {
  uid: string;
  draftAndPublish: boolean;
  fields: { title: string; slug: string; content: string; cover?: string; categories?: string; seo?: string };
  /** How the body is stored: HTML in a richtext or text field, or Strapi blocks JSON. */
  contentFormat: 'html' | 'blocks';
  /** The title field's limits (a value over maxLength is fitted with a warning). */
  titleLimits: TextLimits;
  /** Limits of the SEO component's text fields, by attribute name. */
  seoLimits: Record<string, TextLimits>;
  seoAttributes: string[];
  category?: {
    uid: string;
    draftAndPublish: boolean;
    name: string;
    nameLimits: TextLimits;
    slug?: string;
    /** The longest slug the slug field takes. */
    slugMaxLength: number;
    parent?: string;
  };
  /** Fatal problems (nothing can be published) and degradations (a feature is off). */
  fatal: string[];
  degraded: string[];
}
