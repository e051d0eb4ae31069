import { fitText, type TextLimits } from '../seo';
import type { AttributeSchema } from './schema';

/**
 * Strapi's validator caps a `string` without a declared maxLength at 255 (drafts too), and that is
 * its column's width on PostgreSQL and MySQL; a `uid` gets the same column. `text` has no cap.
 */
export const STRING_MAX_LENGTH = 255;

const TEXT_LIKE = ['string', 'text', 'richtext', 'uid', 'email'];
const CAPPED = ['string', 'uid', 'email'];

/** A text attribute's limits, with Strapi's implicit cap made explicit. */
export function fieldLimits(attribute: AttributeSchema): TextLimits {
  const implicitMax = CAPPED.includes(attribute.type) ? STRING_MAX_LENGTH : undefined;
  return {
    minLength: attribute.minLength,
    maxLength: attribute.maxLength ?? implicitMax,
    required: attribute.required,
  };
}

export interface FittedValue {
  /** undefined: nothing to write. */
  value: unknown;
  /** Each names the field. */
  warnings: string[];
  /** The field is required and nothing usable is left for it (the caller may still keep an existing value). */
  missingRequired: boolean;
}

export interface FitOptions {
  /** Text to use when a value is under the field's minLength (the article's opening text). */
  fallback?: string;
}

/**
 * Fits a value to an attribute: text to its length limits (cut at a word boundary, or replaced by the
 * fallback when too short), an enumeration to the values it allows, a number to an integer, a date to
 * Strapi's format. What cannot fit is left out with a warning rather than failing the write.
 */
export function fitValue(
  field: string,
  attribute: AttributeSchema,
  value: unknown,
  options: FitOptions = {}
): FittedValue {
  const { value: fitted, warning } = fitByType(field, attribute, value, options);
  return {
    value: fitted,
    warnings: warning ? [warning] : [],
    missingRequired: attribute.required === true && fitted === undefined,
  };
}

interface Fit {
  value: unknown;
  warning?: string;
}

function fitByType(field: string, attribute: AttributeSchema, value: unknown, options: FitOptions): Fit {
  if (value === undefined || value === null || value === '') return { value: undefined };
  const { type } = attribute;
  if (TEXT_LIKE.includes(type)) {
    if (typeof value !== 'string' && typeof value !== 'number') return refused(field, type, value);
    return fitText(field, String(value), fieldLimits(attribute), options.fallback);
  }
  switch (type) {
    case 'enumeration':
      return fitEnumeration(field, attribute.enum ?? [], value);
    case 'integer':
    case 'biginteger':
      return fitNumber(field, type, value, Math.round);
    case 'float':
    case 'decimal':
      return fitNumber(field, type, value, (number) => number);
    case 'date':
    case 'datetime':
      return fitDate(field, type, value);
    case 'boolean':
      return typeof value === 'boolean' ? { value } : refused(field, type, value);
    default:
      return { value };
  }
}

/** Only a value the enumeration allows; a different case or spacing maps to the allowed spelling. */
function fitEnumeration(field: string, allowed: string[], value: unknown): Fit {
  const text = String(value).trim();
  if (allowed.includes(text)) return { value: text };
  const key = (candidate: string) => candidate.toLowerCase().replace(/[\s_-]+/g, '');
  const match = allowed.find((candidate) => key(candidate) === key(text));
  if (match !== undefined) return { value: match };
  const shown = text.length > 60 ? `${text.slice(0, 60)}...` : text;
  return {
    value: undefined,
    warning: `${field} cannot hold "${shown}" (it allows ${allowed.join(', ') || 'no values'}); it was not saved.`,
  };
}

function fitNumber(field: string, type: string, value: unknown, shape: (number: number) => number): Fit {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(number) ? { value: shape(number) } : refused(field, type, value);
}

/** A date field takes YYYY-MM-DD, a datetime an ISO timestamp. */
function fitDate(field: string, type: string, value: unknown): Fit {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : undefined;
  if (!date || Number.isNaN(date.getTime())) return refused(field, type, value);
  const iso = date.toISOString();
  return { value: type === 'date' ? iso.slice(0, 10) : iso };
}

function refused(field: string, type: string, value: unknown): Fit {
  const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');
  const given = value instanceof Date ? 'date' : typeof value;
  return {
    value: undefined,
    warning: `${field} is ${article(type)} ${type} field and cannot hold ${article(given)} ${given}; it was not saved.`,
  };
}
