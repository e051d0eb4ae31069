/**
 * The ways an XSS payload disguises its text, for the generated corpus (xss-generator.ts): HTML
 * character references a browser decodes in attributes, URL percent-encoding a browser decodes in a
 * javascript: URL, JavaScript escapes its parser decodes, and the attribute quoting around them.
 */

const code = (character: string) => character.codePointAt(0) ?? 0;

/** `&#97;` for every character. */
export const decimalEntities = (text: string) => [...text].map((c) => `&#${code(c)};`).join('');

/** `&#x61;` for every character. */
export const hexEntities = (text: string) => [...text].map((c) => `&#x${code(c).toString(16)};`).join('');

/** `&#0000097` for every character: zero padding, no semicolon (a browser still decodes it). */
export const paddedDecimalEntities = (text: string) =>
  [...text].map((c) => `&#${String(code(c)).padStart(7, '0')}`).join('');

/** Only the first letter as `&#x6A;` (upper-case hex digits). */
export const firstLetterEntity = (text: string) =>
  text.replace(/[a-z]/i, (c) => `&#x${code(c).toString(16).toUpperCase()};`);

/** HTML5's named references for punctuation (`&lpar;`, `&colon;`, ...); letters stay as they are. */
const NAMED_PUNCTUATION: Record<string, string> = {
  '(': '&lpar;',
  ')': '&rpar;',
  ':': '&colon;',
  '.': '&period;',
  '/': '&sol;',
  '`': '&grave;',
  '=': '&equals;',
  ',': '&comma;',
  '+': '&plus;',
  '[': '&lsqb;',
  ']': '&rsqb;',
};
export const namedPunctuation = (text: string) =>
  text.replace(/[():./`=,+[\]]/g, (c) => NAMED_PUNCTUATION[c]);

/** `%61` for every character (a javascript: URL is percent-decoded before it runs). */
export const percentEncoded = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** Only the first letter percent-encoded. */
export const firstLetterPercent = (text: string) =>
  text.replace(/[a-z]/i, (c) => `%${code(c).toString(16).padStart(2, '0')}`);

/** The first letter as a JavaScript identifier escape (`\u0061lert(1)` is still `alert(1)`). */
export const jsUnicodeEscape = (text: string) =>
  text.replace(/[a-z]/i, (c) => `\\u${code(c).toString(16).padStart(4, '0')}`);

export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The script as a string the page decodes and evaluates (`eval(atob(...))`). */
export const evalOfBase64 = (text: string) => `eval(atob(\`${base64(text)}\`))`;

/** Separators between a tag name and its attributes, and between attributes. */
export const SEPARATORS: readonly [string, string][] = [
  ['space', ' '],
  ['slash', '/'],
  ['newline', '\n'],
  ['tab', '\t'],
  ['form feed', '\f'],
  ['carriage return', '\r'],
];

/** How the handler's name and its `=` are written. */
export const NAME_STYLES: readonly [string, (name: string) => string][] = [
  ['lower case', (name) => `${name}=`],
  ['upper case', (name) => `${name.toUpperCase()}=`],
  ['mixed case', (name) => `${[...name].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')}=`],
  ['spaced equals', (name) => `${name} \n= `],
];

/** Disguises for a handler's script (an attribute value is decoded before it is compiled). */
export const HANDLER_VALUE_ENCODINGS: readonly [string, (script: string) => string][] = [
  ['plain', (s) => s],
  ['decimal references', decimalEntities],
  ['hex references', hexEntities],
  ['padded references', paddedDecimalEntities],
  ['named punctuation', namedPunctuation],
  ['first letter reference', firstLetterEntity],
  ['unicode escape', jsUnicodeEscape],
  ['eval of base64', evalOfBase64],
  ['javascript label', (s) => `javascript:${s}`],
  ['comment prefix', (s) => `/**/${s}//`],
];

/** Disguises for a javascript: URL's script (the URL is percent-decoded before it runs). */
export const URL_BODY_ENCODINGS: readonly [string, (script: string) => string][] = [
  ['plain', (s) => s],
  ['percent-encoded', percentEncoded],
  ['first letter percent-encoded', firstLetterPercent],
];

/** How an attribute value is written. */
export type Quoting = 'double' | 'single' | 'unquoted' | 'backtick';
export const QUOTINGS: readonly Quoting[] = ['double', 'single', 'unquoted', 'backtick'];

/**
 * `name=value` with the quoting asked for, as an attacker would write it. A value the quoting cannot
 * hold (a quote of the same kind, or whitespace or `>` unquoted) is written double-quoted instead,
 * with `"` as `&quot;`. Backticks quote nothing in HTML: they become part of an unquoted value.
 */
export function attribute(name: string, value: string, quoting: Quoting): string {
  const unquotable = /[\s>"']/.test(value);
  if (quoting === 'single' && !value.includes("'")) return `${name}='${value}'`;
  if (quoting === 'unquoted' && value !== '' && !unquotable) return `${name}=${value}`;
  if (quoting === 'backtick' && !unquotable) return `${name}=\`${value}\``;
  return `${name}="${value.replace(/"/g, '&quot;')}"`;
}

/** Escaped for a double-quoted attribute value (a srcdoc document). */
export const escapeForAttribute = (html: string) => html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A deterministic pseudo-random sequence (mulberry32): the generator picks variants with it, so the
 * corpus is the same on every run and every machine.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
