import { enumFit } from './enum-values';
import { STRING_MAX_LENGTH } from './fit';
import type { FieldRef } from './profile';
import { nameHasWord, nameWords, normalizedName, ROLE_NAMES } from './role-names';
import type { AttributeSchema, ComponentSchema, SchemaCatalog } from './schema';

/**
 * Required fields no role fills: what each one receives, by its type first, then its name (in any
 * language of the name table), or why only the site owner can give it a value (a `defaults` entry).
 */

/** Where a required field without a role gets its value from. */
export type FillSource =
  /** date/datetime: the publication time, only when the entry has none yet. */
  | 'publicationDate'
  /** text, a summary-named string, rich text or blocks: the summary, fitted, in the field's format. */
  | 'summary'
  /**
   * A required short text named like a tagline (`tagline`, `eslogan`, `Unterzeile`): the meta
   * description or the excerpt, whichever fits the field whole, else the first of them cut to it.
   */
  | 'shortText'
  /** boolean: `false`, its safe value (a flag an article does not set is off). */
  | 'booleanFalse'
  /** a text named like an author (`author`, `autor`, `yazar`): the site's author name (the `authorName` setting). */
  | 'author'
  /** enumeration: the one value that fits every article (`value`: its only, or its neutral one; enum-values.ts). */
  | 'enumValue'
  /** enumeration of publication states: the value naming the article's status (enum-values.ts). */
  | 'statusValue'
  /** a colour string (by name or a colour picker): a colour made from the title. */
  | 'colour'
  /** an Open Graph / social component: the same title, description and image as the SEO. */
  | 'social'
  /** a multiple media field that takes images (a gallery): the article's imported images. */
  | 'gallery';

export interface RequiredFill extends FieldRef {
  source: FillSource;
  /** For `social`: the component's schema. */
  component?: ComponentSchema;
  /** For `enumValue`: the value. */
  value?: string;
}

/** A `defaults` entry that would let a required field be written, as the site owner adds it. */
export interface DefaultSuggestion {
  field: string;
  /** A JavaScript literal to replace: `"..."`, `"#..."`, `0`, `false`. */
  example: string;
}

export type RequiredFieldVerdict =
  | { kind: 'fill'; source: FillSource; component?: ComponentSchema; value?: string }
  /** Nothing in the article can go there: fatal, until `defaults` gives it a value. */
  | { kind: 'unfillable'; problem: string; suggestion: DefaultSuggestion }
  /** Strapi accepts it empty (media, relations): a degradation only. */
  | { kind: 'leftEmpty'; problem: string };

const DATE_TYPES = ['date', 'datetime', 'timestamp'];

/** Attribute types that hold a value of their own (not a relation, media file or component). */
export const SCALAR_TYPES = [
  'string',
  'text',
  'richtext',
  'blocks',
  'email',
  'password',
  'uid',
  'enumeration',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'date',
  'datetime',
  'time',
  'timestamp',
  'boolean',
  'json',
];

/** Names of colour fields, in the languages of the name table (`hexColor`, `color`, `Farbe`, `cor`). */
const COLOUR_NAME = /(colou?r|farbe|couleur|colore|kleur|kolor|barva)$|^(colou?r|hex)|^cor$/;

/** Names of identifiers and codes: never given prose, nor taken as a title by position. */
const CODE_NAME =
  /(code|key|sku|isbn|token|hash|uuid|guid|ref|reference|number|num|language|lang|locale|currency|country|email|phone|url|link|icon|slug|id)$/;

/**
 * The same words in the other languages of the name table (pt, es, fr, de, it, nl, pl, cs): code,
 * key, number, language, currency, country, phone, link, identifier.
 */
const CODE_NAME_LOCALIZED =
  /(codigo|codice|kod|kode|clave|chave|chiave|cle|clef|schlussel|schluessel|sleutel|klucz|klic|numero|nummer|numer|cislo|idioma|lingua|langue|sprache|taal|jezyk|jazyk|moeda|moneda|devise|wahrung|waehrung|valuta|waluta|pais|pays|paese|telefone|telefono|telephone|telefon|telefoon|enlace|lien|collegamento|odkaz|identificador|identifiant|kennung|kennzeichen|identificativo|identificatie|identyfikator|identifikator)$/;

/** Whole words, wherever they stand in the name (`codigo_interno`, `numero_pedido`). */
const CODE_WORD = new RegExp(
  `^(${CODE_NAME.source.slice(1, -2)}|${CODE_NAME_LOCALIZED.source.slice(1, -2)})$`
);

export const looksLikeCode = (field: string) =>
  CODE_NAME.test(normalizedName(field)) ||
  CODE_NAME_LOCALIZED.test(normalizedName(field)) ||
  nameWords(field).some((word) => CODE_WORD.test(word));

/**
 * Names the role tables give to a part of the article other than the summary (a `title`, a `slug`,
 * a `Titelbild`): a required string so named that no role took is not given the summary.
 */
const OTHER_ROLE_NAMES = new Set<string>(
  [
    ROLE_NAMES.title,
    ROLE_NAMES.slug,
    ROLE_NAMES.featuredImage,
    ROLE_NAMES.body,
    ROLE_NAMES.categoriesField,
    ROLE_NAMES.tagsField,
    ROLE_NAMES.authorField,
    ROLE_NAMES.date,
    ROLE_NAMES.readingTime,
    ROLE_NAMES.jsonLd,
    ROLE_NAMES.seoField,
    ROLE_NAMES.seoKeywords,
    ROLE_NAMES.seoFocusKeyword,
    ROLE_NAMES.seoCanonical,
  ].flat()
);

/**
 * Words of a tagline-like name, in the languages of the name table: a short line that stands with the
 * title (a slogan, a motto, a subheading), which the meta description or the excerpt fits. A required
 * string named otherwise (a signature, a source, a note) takes no part of an article.
 */
const TAGLINE_WORDS = new Set([
  'tagline',
  'slogan',
  'motto',
  'strapline',
  'kicker',
  'dek',
  'subhead',
  'subheading',
  'subheadline',
  'subline',
  'deck',
  // pt, es, fr, de, it, nl, pl, cs
  'frasedestaque',
  'destaque',
  'lema',
  'eslogan',
  'antetitulo',
  'phrasechoc',
  'devise',
  'soustitre',
  'unterzeile',
  'untertitel',
  'dachzeile',
  'leitsatz',
  'catenaccio',
  'slagzin',
  'ondertitel',
  'haslo',
  'podtytul',
  'heslo',
  'podtitulek',
]);

/** Whether a field's name, whole or one of its words, says tagline (`frase_destaque`, `Unterzeile`, `hero_tagline`). */
export const saysTagline = (field: string) =>
  TAGLINE_WORDS.has(normalizedName(field)) || nameWords(field).some((word) => TAGLINE_WORDS.has(word));

/** Whether a field's name is one the role tables give to a part of the article other than the summary. */
export const namedForAnotherPart = (field: string) => OTHER_ROLE_NAMES.has(normalizedName(field));

/** A required short text shorter than this takes no sentence of the article (a code, an abbreviation). */
export const SHORT_TEXT_MIN_LENGTH = 20;

/**
 * Whether a schema default is one Strapi writes as a value: `null` (some schemas say so) is no
 * default, nor is an enumeration default it does not allow (Strapi's validation refuses both).
 */
export function hasUsableDefault(attribute: AttributeSchema): boolean {
  if (attribute.default === undefined || attribute.default === null) return false;
  if (attribute.type === 'enumeration') return (attribute.enum ?? []).includes(String(attribute.default));
  return true;
}

export function isColourField(field: string, attribute: AttributeSchema): boolean {
  return (
    ['string', 'text'].includes(attribute.type) &&
    (/colou?r/i.test(attribute.customField ?? '') || COLOUR_NAME.test(normalizedName(field)))
  );
}

/** Strapi's `regex` option as a RegExp; undefined when there is none or it does not compile. */
export function patternOf(attribute: AttributeSchema): RegExp | undefined {
  if (!attribute.regex) return undefined;
  try {
    return new RegExp(attribute.regex);
  } catch {
    return undefined;
  }
}

/**
 * A colour for `seed` (a category's name, an article's title): the same seed always gives the same
 * colour, distinct seeds mostly distinct ones, all of them mid-dark and saturated enough to read on
 * white. `#rrggbb`, or `#RRGGBB` when the field's pattern only takes capitals; undefined when the
 * pattern takes neither.
 */
export function colourFor(seed: string, attribute: AttributeSchema): string | undefined {
  let hash = 2166136261;
  for (const character of seed) hash = Math.imul(hash ^ character.codePointAt(0)!, 16777619) >>> 0;
  const hue = hash % 360;
  const [saturation, lightness] = [0.55, 0.42];
  const chroma = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - chroma * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  const colour = `#${channel(0)}${channel(8)}${channel(4)}`;
  const pattern = patternOf(attribute);
  if (!pattern) return colour;
  return [colour, colour.toUpperCase()].find((candidate) => pattern.test(candidate));
}

/** Whether the field's pattern (if any) takes a `#rrggbb` colour in one case or the other. */
export function takesColours(attribute: AttributeSchema): boolean {
  const pattern = patternOf(attribute);
  return !pattern || pattern.test('#a1b2c3') || pattern.test('#A1B2C3');
}

/** A text field named for the author (`author`, `writtenBy`, `autor`, `yazar`, `author_name`). */
export const saysAuthor = (field: string) =>
  (ROLE_NAMES.authorField as readonly string[]).includes(normalizedName(field)) ||
  nameHasWord(field, AUTHOR_WORDS);

const AUTHOR_WORDS: readonly string[] = [...ROLE_NAMES.authorField, 'byline'];

const saysSummary = (field: string) =>
  (ROLE_NAMES.summary as readonly string[]).includes(normalizedName(field));

/** Names of Open Graph / social groups: filled from the SEO values when required. */
const SOCIAL_NAME = /^(og|opengraph|metasocial|social|twitter)/;

export const looksSocial = (field: string) => SOCIAL_NAME.test(normalizedName(field));

/** What a site owner would write in `defaults` for a field of this kind. */
export function exampleValue(field: string, attribute: AttributeSchema): string {
  if (isColourField(field, attribute)) return '"#..."';
  switch (attribute.type) {
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return '0';
    case 'boolean':
      return 'false';
    case 'date':
      return '"2025-01-01"';
    case 'datetime':
    case 'timestamp':
      return '"2025-01-01T00:00:00.000Z"';
    case 'time':
      return '"00:00:00"';
    case 'email':
      return '"editor@example.com"';
    case 'enumeration':
      return JSON.stringify(attribute.enum?.[0] ?? '...');
    case 'json':
      return '{}';
    case 'component':
      return attribute.repeatable ? '[{ ... }]' : '{ ... }';
    case 'dynamiczone':
      return '[{ __component: "...", ... }]';
    default:
      return '"..."';
  }
}

const takesImages = (attribute: AttributeSchema) =>
  attribute.allowedTypes === undefined || attribute.allowedTypes.includes('images');

/** Field names are identifiers (the config's schema says so): they go into the line unquoted. */
export function defaultsLine(suggestions: readonly DefaultSuggestion[]): string {
  return `defaults: { ${suggestions.map(({ field, example }) => `${field}: ${example}`).join(', ')} }`;
}

const unfillable = (field: string, attribute: AttributeSchema, problem: string): RequiredFieldVerdict => ({
  kind: 'unfillable',
  problem,
  suggestion: { field, example: exampleValue(field, attribute) },
});

const NO_VALUE = 'it has no default, and the defaults option gives it no value.';

/** The verdict on a required field of the target that no role fills and that has no default. */
export function requiredFieldVerdict(
  field: string,
  attribute: AttributeSchema,
  catalog: SchemaCatalog,
  authorName?: string
): RequiredFieldVerdict {
  const { type } = attribute;
  const nothingGoesThere = `required field "${field}" cannot be filled: no part of the article goes there, ${NO_VALUE}`;
  if (DATE_TYPES.includes(type)) return { kind: 'fill', source: 'publicationDate' };
  if (['text', 'string'].includes(type)) {
    const pattern = patternOf(attribute);
    if (isColourField(field, attribute) && takesColours(attribute)) return { kind: 'fill', source: 'colour' };
    if (attribute.regex !== undefined)
      return unfillable(
        field,
        attribute,
        `required field "${field}" must match /${pattern?.source ?? attribute.regex}/: no part of the article fits that pattern, ${NO_VALUE}`
      );
    if (saysAuthor(field) && !looksLikeCode(field))
      return authorName
        ? { kind: 'fill', source: 'author' }
        : unfillable(
            field,
            attribute,
            `required field "${field}" takes the article's author, and no author name is set, ${NO_VALUE}`
          );
    if (type === 'text' || saysSummary(field)) return { kind: 'fill', source: 'summary' };
    if (looksLikeCode(field) || OTHER_ROLE_NAMES.has(normalizedName(field)))
      return unfillable(field, attribute, nothingGoesThere);
    const room = attribute.maxLength ?? STRING_MAX_LENGTH;
    if (room < SHORT_TEXT_MIN_LENGTH)
      return unfillable(
        field,
        attribute,
        `required field "${field}" holds at most ${room} characters, too few for a sentence of the article, ${NO_VALUE}`
      );
    // Only a tagline takes a text of the article: any other string would hold a summary it is not for.
    if (!saysTagline(field))
      return unfillable(
        field,
        attribute,
        `required field "${field}" cannot be filled: its name says no part of an article (a summary, a tagline), ${NO_VALUE}`
      );
    return { kind: 'fill', source: 'shortText' };
  }
  if (type === 'richtext' || type === 'blocks') return { kind: 'fill', source: 'summary' };
  if (type === 'enumeration' && attribute.enum?.length) {
    const fit = enumFit(attribute.enum);
    if (fit.kind === 'value') return { kind: 'fill', source: 'enumValue', value: fit.value };
    if (fit.kind === 'status') return { kind: 'fill', source: 'statusValue' };
    return unfillable(
      field,
      attribute,
      `required field "${field}" takes one of ${attribute.enum.map((value) => `"${value}"`).join(', ')}, and none of them fits every article (nothing in an article chooses one), ${NO_VALUE}`
    );
  }
  if (type === 'boolean') return { kind: 'fill', source: 'booleanFalse' };
  const component = attribute.component ? catalog.component(attribute.component) : undefined;
  if (type === 'component' && component && looksSocial(field))
    return { kind: 'fill', source: 'social', component };
  if (SCALAR_TYPES.includes(type) || type === 'component' || type === 'dynamiczone')
    return unfillable(field, attribute, nothingGoesThere);
  if (type === 'media' && attribute.multiple && takesImages(attribute))
    return { kind: 'fill', source: 'gallery' };
  return {
    kind: 'leftEmpty',
    problem: `required field "${field}" (${type}) is left empty; Strapi accepts that by default, but the admin will ask for it before an editor can publish.`,
  };
}
