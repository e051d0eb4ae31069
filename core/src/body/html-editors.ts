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
