import { normalizedName } from '../target-profile/role-names';
import type { AttributeSchema } from '../target-profile/schema';

/** Custom fields that are HTML editors: their value is HTML unless their options say Markdown. */
export const HTML_EDITOR_FIELDS = [
  'plugin::ckeditor.CKEditor',
  'plugin::ckeditor5.CKEditor',
  'plugin::tinymce.tinymce',
];

export const isHtmlEditor = (attribute: AttributeSchema) =>
  attribute.customField !== undefined &&
  HTML_EDITOR_FIELDS.some((uid) => uid.toLowerCase() === attribute.customField?.toLowerCase());

/** CKEditor's `output: 'Markdown'` (any case); other editors have no such option. */
export const saysMarkdown = (attribute: AttributeSchema) =>
  typeof attribute.options?.output === 'string' && /markdown/i.test(attribute.options.output);

/**
 * A field whose name says it holds HTML (`content_html`, `htmlBody`): a `richtext` so named is
 * rendered as HTML by its site, whatever Strapi's editor shows.
 */
export const namesHtml = (name: string | undefined) =>
  name !== undefined && /^html|html$/.test(normalizedName(name));
