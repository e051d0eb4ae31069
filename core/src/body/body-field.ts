import { looksLikeCode } from '../target-profile/required-fields';
import { isBodyCompound, isSummaryCompound, normalizedName, ROLE_NAMES } from '../target-profile/role-names';
import type { AttributeSchema, ContentTypeSchema, SchemaCatalog } from '../target-profile/schema';
import { isHtmlEditor, namesHtml, saysMarkdown } from './html-editors';
import { zonePlan } from './zone-kinds';

export { HTML_EDITOR_FIELDS } from './html-editors';

/** How the article body is written into its field. */
export type BodyFormat = 'html' | 'markdown' | 'blocks' | 'zone';

/** The `bodyFormat` setting: `auto` follows the field (detectBodyFormat). */
export type BodyFormatSetting = 'auto' | BodyFormat;

export const BODY_FORMAT_SETTINGS: readonly BodyFormatSetting[] = [
  'auto',
  'html',
  'markdown',
  'blocks',
  'zone',
];

export interface BodyField {
  name: string;
  attribute: AttributeSchema;
  /** What the field holds by its type, and what is written (the setting, or the detected one). */
  detected: BodyFormat;
  format: BodyFormat;
  /** The longest text the field takes (a `string` without maxLength takes 255), if it has a limit. */
  maxLength?: number;
  /** Why this field, when no name says body (ping and the target check show it as a choice). */
  chosenBecause?: string;
  /** Other fields could have held the body: the choice is a guess the owner confirms. */
  chosenAmongSeveral?: boolean;
}

/** Attribute types that can hold an article body. */
const BODY_TYPES = new Set(['richtext', 'blocks', 'dynamiczone', 'text', 'string']);

/** Types taken as the body when no field has a body-like name (plain text fields are too often something else). */
const RICH_TYPES = new Set(['richtext', 'blocks', 'dynamiczone']);

/**
 * Body-like field names, best first, in every language of the name table (core/src/target-profile/role-names.ts),
 * then names made of an article word and a text word (`Beitragstext`, `article_text`).
 */
const nameRank = (name: string) => {
  const exact = (ROLE_NAMES.body as readonly string[]).indexOf(normalizedName(name));
  if (exact >= 0) return exact;
  return isBodyCompound(name) ? ROLE_NAMES.body.length : -1;
};

/** Names that say a field is a summary: taken as the body by shape only when nothing else can be. */
const saysSummary = (name: string) =>
  (ROLE_NAMES.summary as readonly string[]).includes(normalizedName(name)) || isSummaryCompound(name);

/**
 * Plain long text fields that could hold a body whatever their name (`Nachricht`, `noi_dung_chinh`):
 * no summary, code or pattern. The body only when it is the one such field (issue #61); with several,
 * the refusal names them for `fields.content`.
 */
export function plainBodyCandidates(schema: ContentTypeSchema): string[] {
  return Object.entries(schema.attributes)
    .filter(
      ([name, attribute]) =>
        attribute.type === 'text' &&
        attribute.regex === undefined &&
        !saysSummary(name) &&
        !looksLikeCode(name) &&
        (attribute.maxLength === undefined || attribute.maxLength >= PLAIN_BODY_MIN_LENGTH)
    )
    .map(([name]) => name);
}

/** A plain text field with a smaller limit holds a note, not an article. */
const PLAIN_BODY_MIN_LENGTH = 2000;

/**
 * The format a field holds by its type: `richtext` is Strapi's Markdown editor, unless its name says
 * HTML (`content_html`); a known HTML editor (whatever its underlying type) holds HTML unless set to
 * Markdown; a `text` or `string` holds HTML (a plain text box shows it as written, and a frontend
 * that renders it gets the article as published); `blocks` holds Strapi blocks; a dynamic zone
 * holds components. Undefined when the field cannot hold a body.
 */
export function detectBodyFormat(attribute: AttributeSchema, name?: string): BodyFormat | undefined {
  if (isHtmlEditor(attribute) && ['richtext', 'text', 'string'].includes(attribute.type))
    return saysMarkdown(attribute) ? 'markdown' : 'html';
  switch (attribute.type) {
    case 'richtext':
      return namesHtml(name) ? 'html' : 'markdown';
    case 'blocks':
      return 'blocks';
    case 'dynamiczone':
      return 'zone';
    case 'text':
    case 'string':
      return 'html';
    default:
      return undefined;
  }
}

/**
 * How much of an article a rich field holds, for choosing the body by shape: a dynamic zone with a
 * component for the text (or any zone without a catalog to check) holds the most, then a field
 * without a length limit, then by its limit. A zone without a text component holds none.
 */
function capacity(attribute: AttributeSchema, catalog: SchemaCatalog | undefined): number {
  if (attribute.type === 'dynamiczone')
    return !catalog || zonePlan(attribute.components ?? [], catalog).plan ? Infinity : -1;
  return attribute.maxLength ?? Number.MAX_SAFE_INTEGER;
}

/**
 * The body field of a content type: the best body-like name (in any language of the name table)
 * whose type can hold a body (schema order breaks ties); else, by shape, the largest rich text,
 * blocks, dynamic zone or HTML editor custom field, one whose name says summary only when there is
 * no other.
 */
export function findBodyField(
  schema: ContentTypeSchema,
  catalog?: SchemaCatalog
):
  | { name: string; attribute: AttributeSchema; chosenBecause?: string; chosenAmongSeveral?: boolean }
  | undefined {
  const candidates = Object.entries(schema.attributes).filter(
    ([name, attribute]) => BODY_TYPES.has(attribute.type) && detectBodyFormat(attribute, name)
  );
  const named = candidates
    .map(([name, attribute], order) => ({ name, attribute, rank: nameRank(name), order }))
    .filter((candidate) => candidate.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)[0];
  if (named) return { name: named.name, attribute: named.attribute };
  const richOnes = candidates
    .filter(([, attribute]) => RICH_TYPES.has(attribute.type) || isHtmlEditor(attribute))
    .map(([name, attribute], order) => ({
      name,
      attribute,
      summary: saysSummary(name) ? 1 : 0,
      size: capacity(attribute, catalog),
      order,
    }))
    .filter((candidate) => candidate.size >= 0)
    .sort((a, b) => a.summary - b.summary || b.size - a.size || a.order - b.order);
  const [rich] = richOnes;
  // Chosen by its type, not its name (issue #61): a choice ping and the target check show.
  if (rich)
    return {
      name: rich.name,
      attribute: rich.attribute,
      chosenBecause:
        richOnes.length === 1
          ? `the only ${richKind(rich.attribute)} field`
          : `the ${richKind(rich.attribute)} field that holds the most, of ${richOnes.length}: ${richOnes.map(({ name }) => name).join(', ')}`,
      chosenAmongSeveral: richOnes.length > 1,
    };
  const plain = plainBodyCandidates(schema);
  return plain.length === 1
    ? { name: plain[0], attribute: schema.attributes[plain[0]], chosenBecause: 'the only long text field' }
    : undefined;
}

/** A rich field's kind as an owner knows it from the Content-Type Builder. */
function richKind(attribute: AttributeSchema): string {
  if (isHtmlEditor(attribute)) return 'HTML editor';
  if (attribute.type === 'richtext') return 'rich text';
  return attribute.type === 'dynamiczone' ? 'dynamic zone' : 'blocks';
}

/** The formats a field can hold, whatever the setting says. */
function formatsHeldBy(attribute: AttributeSchema): BodyFormat[] {
  switch (attribute.type) {
    case 'richtext':
    case 'text':
    case 'string':
      return ['html', 'markdown'];
    case 'blocks':
      return ['blocks'];
    case 'dynamiczone':
      return ['zone'];
    default:
      return [];
  }
}

const FORMAT_NAMES: Record<BodyFormat, string> = {
  html: 'HTML',
  markdown: 'Markdown',
  blocks: 'Strapi blocks',
  zone: 'dynamic-zone components',
};

/**
 * Why a field cannot take the body in a format (empty when it can): blocks only go into a blocks
 * field, components only into a dynamic zone, and a zone needs a component that can hold rich text.
 */
export function bodyFormatProblems(
  name: string,
  attribute: AttributeSchema,
  format: BodyFormat,
  catalog?: SchemaCatalog
): string[] {
  if (!formatsHeldBy(attribute).includes(format)) {
    return [`The body field "${name}" (${attribute.type}) cannot hold the body as ${FORMAT_NAMES[format]}.`];
  }
  if (format === 'zone' && catalog) {
    const { plan, textWarnings } = zonePlan(attribute.components ?? [], catalog);
    if (!plan)
      return [
        `The body field "${name}" is a dynamic zone without a component that can hold the article text (one rich text or blocks field).`,
        ...textWarnings,
      ];
  }
  return [];
}

export interface BodyFieldOptions {
  /** The `bodyFormat` setting (default `auto`). */
  format?: BodyFormatSetting;
  /** A field named by the configuration instead of the detected one. */
  field?: string;
  /** The components a dynamic zone allows; without it a zone is not checked for a text component. */
  catalog?: SchemaCatalog;
}

/**
 * The body field and the format it receives, from the schema and the settings, or the problems
 * that keep the article body out of this content type.
 */
export function resolveBodyField(
  schema: ContentTypeSchema,
  options: BodyFieldOptions = {}
): { body?: BodyField; problems: string[] } {
  const found = options.field
    ? schema.attributes[options.field]
      ? { name: options.field, attribute: schema.attributes[options.field] }
      : undefined
    : findBodyField(schema, options.catalog);
  if (!found) {
    if (options.field)
      return { problems: [`The body field "${options.field}" does not exist in ${schema.uid}.`] };
    // A zone passed over for want of a text component is the cause to name, not the absence of a field.
    const zones = Object.entries(schema.attributes).filter(
      ([, attribute]) => attribute.type === 'dynamiczone'
    );
    const zoneProblems = options.catalog
      ? zones.flatMap(([name, attribute]) => bodyFormatProblems(name, attribute, 'zone', options.catalog))
      : [];
    // Several plain long texts: which one is the body is the owner's choice, never a guess.
    const plain = plainBodyCandidates(schema);
    const choose =
      plain.length > 1
        ? [
            `Its long text fields ${plain.map((name) => `"${name}"`).join(', ')} could each hold the body: set fields.content to the one that does.`,
          ]
        : [];
    return {
      problems: zoneProblems.length
        ? [...zoneProblems, ...choose]
        : [
            `The content type ${schema.uid} has no field that can hold the article body (rich text, blocks, dynamic zone, text).`,
            ...choose,
          ],
    };
  }
  const detected = detectBodyFormat(found.attribute, found.name);
  if (!detected)
    return {
      problems: [`The body field "${found.name}" (${found.attribute.type}) cannot hold the article body.`],
    };
  const setting = options.format ?? 'auto';
  const format = setting === 'auto' ? detected : setting;
  const problems = bodyFormatProblems(found.name, found.attribute, format, options.catalog);
  if (problems.length) return { problems };
  const maxLength = found.attribute.maxLength ?? (found.attribute.type === 'string' ? 255 : undefined);
  return {
    body: {
      name: found.name,
      attribute: found.attribute,
      detected,
      format,
      ...(maxLength !== undefined ? { maxLength } : {}),
      ...('chosenBecause' in found && found.chosenBecause ? { chosenBecause: found.chosenBecause } : {}),
      ...('chosenAmongSeveral' in found && found.chosenAmongSeveral ? { chosenAmongSeveral: true } : {}),
    },
    problems: [],
  };
}
