import { Parser } from 'htmlparser2';
import { htmlParses } from './html/parse-count';

/** Declared limits of one string attribute of the SEO component. */
export interface TextLimits {
  minLength?: number;
  maxLength?: number;
  required?: boolean;
}

export interface FittedText {
  value: string | undefined;
  warning?: string;
}

/** Cuts at the last word boundary that fits, so a title never ends in half a word. */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : hardCut(text, max)).replace(/[\s,;:.-]+$/, '');
}

/** The first `max` UTF-16 units, less a high surrogate whose pair the cut would split (an emoji). */
function hardCut(text: string, max: number): string {
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Fits a value into a field's declared limits. Too long: cut at a word boundary. Too short: the
 * fallback (for example the article's opening text) is used when it fits, otherwise the value is
 * dropped. Either way a warning says what happened; an SEO limit never fails a publish.
 */
export function fitText(
  field: string,
  value: string | undefined,
  limits: TextLimits,
  fallback?: string
): FittedText {
  if (value === undefined || value === '') return { value: undefined };
  const { minLength = 0, maxLength = Infinity } = limits;
  if (value.length > maxLength) {
    return {
      value: truncateAtWord(value, maxLength),
      warning: `${field} was ${value.length} characters; shortened to the field's limit of ${maxLength}.`,
    };
  }
  if (value.length < minLength) {
    const fitted = fallback ? truncateAtWord(fallback, maxLength) : '';
    if (fitted.length >= minLength) {
      return {
        value: fitted,
        warning: `${field} was shorter than the field's minimum of ${minLength} characters; the article's opening text was used instead.`,
      };
    }
    return {
      value: undefined,
      warning: `${field} was shorter than the field's minimum of ${minLength} characters and was not saved.`,
    };
  }
  return { value };
}

/** Visible text of an HTML fragment, entities decoded, whitespace collapsed (for a description fallback). */
export function textFromHtml(html: string): string {
  const parts: string[] = [];
  let hiddenDepth = 0;
  htmlParses.count();
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'script' || name === 'style') hiddenDepth++;
        else parts.push(' ');
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') hiddenDepth = Math.max(0, hiddenDepth - 1);
        else parts.push(' ');
      },
      ontext(text) {
        if (hiddenDepth === 0) parts.push(text);
      },
    },
    { decodeEntities: true }
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}
