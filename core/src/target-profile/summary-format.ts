import { isHtmlEditor, namesHtml, saysMarkdown } from '../body/html-editors';
import { fitValue, type FittedValue } from './fit';
import type { FieldRef } from './profile';

/**
 * A summary (plain text) written into any field that can hold one: as it is into `string`/`text`,
 * as Markdown into Strapi's rich text (HTML when the field is an HTML editor or its name says HTML),
 * as one paragraph into a Blocks field. The text is fitted to the field's limits first.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text that a Markdown renderer shows as written: no emphasis, link, heading, list or HTML. */
export function plainTextAsMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>#|~]/g, '\\$&')
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&')
    .replace(/^(\s*)([-+])(\s)/, '$1\\$2$3')
    .replace(/^(\s*\d+)([.)])(\s)/, '$1\\$2$3');
}

export function summaryIn(slot: FieldRef, text: string | undefined, fallback?: string): FittedValue {
  const { field, attribute } = slot;
  if (attribute.type === 'blocks') {
    // Blocks have no length limit to fit; an empty summary leaves the field out.
    const fitted = fitValue(field, { type: 'text', required: attribute.required }, text, { fallback });
    return fitted.value === undefined
      ? fitted
      : {
          ...fitted,
          value: [{ type: 'paragraph', children: [{ type: 'text', text: String(fitted.value) }] }],
        };
  }
  const fitted = fitValue(field, attribute, text, { fallback });
  if (attribute.type !== 'richtext' || fitted.value === undefined) return fitted;
  const html = isHtmlEditor(attribute) ? !saysMarkdown(attribute) : namesHtml(field);
  const value = String(fitted.value);
  return { ...fitted, value: html ? `<p>${escapeHtml(value)}</p>` : plainTextAsMarkdown(value) };
}
