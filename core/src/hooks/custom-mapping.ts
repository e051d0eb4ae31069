import { CUSTOM_FIELD_SHAPES, CUSTOM_FIELDS, type CustomField } from './endpoints';
import type { HookArticle } from './hook-article';
import { isListPath, readPath } from './json-path';

/** A Custom endpoint's article, read by its field map, and what of the map did not hold. */
export interface MappedArticle {
  article: HookArticle;
  /** Each mapped path that found nothing, or found values its field cannot take (left out). */
  warnings: string[];
}

/** Fields the pipeline refuses by name when they are wrong (title, body): given as found, not left out. */
const REFUSED_BY_NAME = new Set<CustomField>(['title', 'html', 'markdown']);

const isWord = (value: unknown) => typeof value === 'string' || typeof value === 'number';

const kindOf = (value: unknown) =>
  Array.isArray(value)
    ? 'a list'
    : typeof value === 'object' && value !== null
      ? 'an object'
      : `a ${typeof value}`;

/** Why a value does not fit its field's shape, or undefined when it does (null: the service's "none"). */
function misfit(field: CustomField, value: unknown): string | undefined {
  if (value === null) return undefined;
  switch (CUSTOM_FIELD_SHAPES[field]) {
    case 'text':
      return isWord(value) ? undefined : `${kindOf(value)} where a text is expected`;
    case 'json':
      return typeof value === 'object' || typeof value === 'string'
        ? undefined
        : `${kindOf(value)} where JSON-LD is expected`;
    case 'list': {
      if (typeof value === 'string') return undefined;
      if (!Array.isArray(value)) return `${kindOf(value)} where a list of words is expected`;
      const others = value.filter((entry) => !isWord(entry));
      return others.length
        ? `${others.length} of ${value.length} entries that are not text (${kindOf(others[0])} first)`
        : undefined;
    }
  }
}

/**
 * Reads each mapped field at its path. A path that finds nothing is named; so is a value its field
 * cannot take, which is left out (a list keeps its words), so the article lands with what did fit and
 * the delivery's warnings (its reply, Activity) say what did not.
 */
export function mapCustomArticle(item: unknown, fields: Partial<Record<CustomField, string>>): MappedArticle {
  const article: Record<string, unknown> = {};
  const warnings: string[] = [];
  const found = (value: unknown, path: string) =>
    value !== undefined && !(isListPath(path) && Array.isArray(value) && value.length === 0);
  for (const field of CUSTOM_FIELDS) {
    const path = fields[field];
    if (!path) continue;
    const value = readPath(item, path);
    const named = `fields.${field} ("${path}")`;
    if (!found(value, path)) {
      // Two bodies mapped: the one the service did not send is no loss.
      const other = field === 'html' ? fields.markdown : field === 'markdown' ? fields.html : undefined;
      if (!(other && found(readPath(item, other), other)))
        warnings.push(`${named} found nothing in the payload`);
      continue;
    }
    const problem = misfit(field, value);
    if (problem === undefined || REFUSED_BY_NAME.has(field)) {
      article[field] = value;
      if (problem) warnings.push(`${named} found ${problem}`);
      continue;
    }
    if (CUSTOM_FIELD_SHAPES[field] === 'list' && Array.isArray(value)) {
      article[field] = value.filter(isWord);
      warnings.push(`${named} found ${problem}: they were left out`);
    } else warnings.push(`${named} found ${problem}: it was left out`);
  }
  return { article: article as HookArticle, warnings };
}
