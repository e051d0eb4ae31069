import type {
  CategoryFieldOverrides,
  FieldDefaults,
  FieldOverrides,
  OverridableRole,
} from './field-overrides';
import type {
  BodySlot,
  CategoriesRole,
  DefaultValue,
  FieldRef,
  RelatedType,
  RelationRole,
  SeoRole,
  TagsRole,
  TargetProblems,
  TargetProfile,
} from './profile';
import {
  categoriesFromField,
  categoryRelation,
  detectAuthor,
  detectCategories,
  detectTags,
  noteCategoryType,
  relationRole,
  requiredNameFieldNote,
  tagsFromField,
} from './detect-relations';
import { withCategoryDefaults } from './category-values';
import { mappableFields } from './mappable-fields';
import { slugField } from './related-types';
import { STRING_MAX_LENGTH } from './fit';
import {
  hasUsableDefault,
  looksLikeCode,
  namedForAnotherPart,
  requiredFieldVerdict,
  type DefaultSuggestion,
  type RequiredFill,
} from './required-fields';
import {
  CATEGORY_WORDS,
  findByName,
  isSingleImage,
  isSummaryCompound,
  isToMany,
  isType,
  normalizedName,
  ROLE_NAMES,
  TEXT_TYPES,
} from './role-names';
import type { AttributeSchema, ContentTypeSchema, SchemaCatalog } from './schema';
import {
  describeChoice,
  featuredImageByPosition,
  taxonomyRelationByShape,
  type RoleChoice,
} from './role-choices';
import { roleCandidates, type RoleCandidates } from './role-candidates';
import { detectFlatSeo, detectSeoComponent, seoComponentRole } from './seo-target';

/**
 * The body role belongs to core/src/body: its detector is passed in. It gets the `fields.content`
 * override (undefined = detect) and answers the body's slot, or a sentence saying why the field
 * cannot hold a body.
 */
export type BodyDetector<Body extends BodySlot> = (
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  override: string | undefined
) => Body | string | null;

export interface DetectOptions<Body extends BodySlot> {
  fields?: FieldOverrides;
  categoryFields?: CategoryFieldOverrides;
  defaults?: FieldDefaults;
  /** Values for the category type's fields when the plugin creates a category (the `categoryDefaults` setting). */
  categoryDefaults?: FieldDefaults;
  detectBody?: BodyDetector<Body>;
  /** The author a required author-like text field receives (the `authorName` setting, else the site's name). */
  authorName?: string;
}

/** Types a summary is written in: plain text, or Markdown, HTML or blocks in a rich field. */
const SUMMARY_TYPES = [...TEXT_TYPES, 'richtext', 'blocks'];

/** Reads a target content type into roles, applying `fields` overrides, and says what cannot work. */
export function detectTargetProfile<Body extends BodySlot = BodySlot>(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  options: DetectOptions<Body> = {}
): TargetProfile<Body> {
  const { attributes, uid } = schema;
  const overrides = options.fields ?? {};
  const problems: TargetProblems = { fatal: [], degraded: [] };
  const taken = new Set<string>();
  const claim = <T extends object | null>(role: T): T => {
    if (role && 'field' in role && typeof role.field === 'string') taken.add(role.field);
    return role;
  };

  /**
   * A role from its override ('' = off, a name = that attribute, checked by `fromField`), else detected.
   * `fromField` answers the role or why the attribute cannot take it.
   */
  const resolve = <R extends object>(
    role: OverridableRole,
    detect: () => R | null,
    fromField: (field: string, attribute: AttributeSchema) => R | string,
    severity: keyof TargetProblems = 'degraded'
  ): R | null => {
    const override = overrides[role];
    if (override === '') return null;
    if (override === undefined) return claim(detect());
    const attribute = attributes[override];
    if (!attribute) {
      problems[severity].push(`fields.${role} names "${override}", which is not a field of ${uid}.`);
      return null;
    }
    const resolved = fromField(override, attribute);
    if (typeof resolved === 'string') {
      problems[severity].push(`fields.${role} names "${override}", ${resolved}.`);
      return null;
    }
    return claim(resolved);
  };
  const ofTypes =
    (...types: string[]) =>
    (field: string, attribute: AttributeSchema): FieldRef | string =>
      types.includes(attribute.type)
        ? { field, attribute }
        : `which is a ${attribute.type}; expected ${types.join(' or ')}`;

  const choices: RoleChoice[] = [];
  const chosen = <R>(found: { ref: R; choice: RoleChoice } | null): R | null => {
    if (found) choices.push(found.choice);
    return found?.ref ?? null;
  };
  const body = detectBodySlot(schema, catalog, overrides.content, options.detectBody, problems);
  if (body) taken.add(body.field);
  if (body?.chosenBecause)
    choices.push({
      role: 'content',
      field: body.field,
      why: body.chosenBecause,
      ambiguous: body.chosenAmongSeveral === true,
    });

  // By name (in any language of the name table), then what the slug is made from, then by position.
  const title = resolve(
    'title',
    () =>
      findByName(attributes, ROLE_NAMES.title, isType(...TEXT_TYPES), taken) ??
      uidSourceField(schema, taken) ??
      firstRequiredString(schema, taken) ??
      chosen(titleByPosition(schema, taken)),
    ofTypes(...TEXT_TYPES),
    'fatal'
  );
  if (!title && overrides.title === undefined)
    problems.fatal.push(`${uid} has no string or text field for the title; set fields.title.`);

  const slug = resolve('slug', () => slugField(attributes, taken), ofTypes('uid', 'string'));
  if (!slug)
    problems.degraded.push(
      `${uid} has no slug field: the plugin keeps its own record of slug -> entry, so a republish still updates the same entry.`
    );

  const featuredImage = resolve(
    'cover',
    () =>
      findByName(attributes, ROLE_NAMES.featuredImage, isSingleImage, taken) ??
      chosen(featuredImageByPosition(attributes, taken)),
    (field, attribute) =>
      isSingleImage(attribute, field) ? { field, attribute } : 'which is not a single image media field'
  );
  if (!featuredImage && overrides.cover !== '')
    problems.degraded.push('No single image field: the featured image will not be attached.');

  const seo = resolve<SeoRole>(
    'seo',
    () => detectSeoComponent(attributes, catalog, taken) ?? detectFlatSeo(attributes, taken),
    (field, attribute) => seoComponentRole(field, attribute, catalog) ?? 'which is not a single component'
  );
  if (seo?.kind === 'flat') {
    for (const slot of [seo.title, seo.description, seo.keywords, seo.focusKeyword, seo.canonicalUrl])
      if (slot) taken.add(slot.field);
  }

  // By name, in plain text or a rich field (`short_content` too); else by position: the first required long text.
  let summary = resolve(
    'summary',
    () =>
      findByName(attributes, ROLE_NAMES.summary, isType(...SUMMARY_TYPES), taken) ??
      summaryCompound(schema, taken) ??
      chosen(summaryByPosition(schema, taken)),
    ofTypes(...SUMMARY_TYPES)
  );

  let categories = resolve<CategoriesRole>(
    'categories',
    () => detectCategories(schema, catalog, options.categoryFields, taken),
    (field, attribute) => categoriesFromField(field, attribute, catalog, options.categoryFields)
  );
  let tags = resolve<TagsRole>(
    'tags',
    () => detectTags(schema, catalog, taken),
    (field, attribute) => tagsFromField(field, attribute, catalog)
  );
  const author = resolve<RelationRole<RelatedType>>(
    'author',
    () => detectAuthor(schema, catalog, taken),
    (field, attribute) => relationRole(field, attribute, catalog) ?? 'which is not a relation to a known type'
  );
  // By shape, once every role named so has its field: a relation to a taxonomy-like type (`themes`).
  if (!categories && overrides.categories === undefined) {
    const found = taxonomyRelationByShape(schema, catalog, taken, { toManyOnly: false, isToMany });
    if (found) {
      categories = claim(
        categoryRelation(found.field, found.attribute, found.target, options.categoryFields)
      );
      choices.push({ role: 'categories', field: found.field, why: found.why, ambiguous: false });
    }
  }
  if (!tags && overrides.tags === undefined) {
    const found = taxonomyRelationByShape(schema, catalog, taken, {
      toManyOnly: true,
      isToMany,
      notNamed: CATEGORY_WORDS,
    });
    if (found) {
      tags = claim(relationRole(found.field, found.attribute, catalog) ?? null);
      if (tags) choices.push({ role: 'tags', field: found.field, why: found.why, ambiguous: false });
    }
  }
  // By what it holds, once every other role has its field: the one long text no role took.
  const undecided: RoleCandidates = {};
  if (!summary && overrides.summary === undefined) {
    const candidates = summaryCandidates(schema, taken);
    if (candidates.length === 1) {
      summary = claim(candidates[0]);
      choices.push({
        role: 'summary',
        field: candidates[0].field,
        why: 'the only long text field no other part of the article takes',
        ambiguous: false,
      });
    } else if (candidates.length > 1) {
      undecided.summary = candidates.map(({ field }) => field);
      problems.degraded.push(
        `Summary: ${candidates.map(({ field }) => `"${field}"`).join(', ')} could each hold it; set fields.summary to the one that does.`
      );
    }
  }
  if (!categories && overrides.categories !== '')
    problems.degraded.push('No category field: categories will not be assigned.');
  if (categories?.kind === 'relation') {
    const attributesOf = catalog.contentType(categories.type.uid)?.attributes ?? {};
    const type = withCategoryDefaults(
      categories.type,
      attributesOf,
      options.categoryDefaults,
      problems.degraded
    );
    categories = { ...categories, type };
    noteCategoryType(categories, problems);
  } else if (Object.keys(options.categoryDefaults ?? {}).length)
    problems.degraded.push(
      'categoryDefaults is set, but the target has no category relation; it is ignored.'
    );
  else if (
    categories?.attribute.required &&
    !hasUsableDefault(categories.attribute) &&
    options.defaults?.[categories.field] === undefined
  )
    problems.degraded.push(requiredNameFieldNote(categories));
  for (const choice of choices) if (choice.ambiguous) problems.degraded.push(describeChoice(choice));

  // By name; else by type: the first required date or datetime (an `addedAt` is the publication date).
  const date = resolve(
    'date',
    () =>
      findByName(attributes, ROLE_NAMES.date, isType('date', 'datetime'), taken) ??
      firstOfType(schema, ['date', 'datetime'], taken, true),
    ofTypes('date', 'datetime')
  );
  const readingTime = resolve(
    'readingTime',
    () => findByName(attributes, ROLE_NAMES.readingTime, isType('integer', 'biginteger'), taken),
    ofTypes('integer', 'biginteger')
  );

  // JSON-LD needs a home only when the SEO target has no structured-data field.
  const jsonLd = seo?.structuredData
    ? null
    : resolve(
        'jsonLd',
        () => findByName(attributes, ROLE_NAMES.jsonLd, isType('json'), taken),
        ofTypes('json')
      );
  if (!seo && overrides.seo !== '') {
    problems.degraded.push(
      jsonLd
        ? 'No SEO component or meta fields: the meta title, meta description and keywords will not be saved.'
        : 'No SEO component or meta fields: the meta title, meta description, keywords and JSON-LD will not be saved.'
    );
  } else if (seo && !seo.structuredData && !jsonLd) {
    problems.degraded.push('No structured-data (json) field: JSON-LD will not be saved.');
  }

  const defaults: DefaultValue[] = [];
  for (const [field, value] of Object.entries(options.defaults ?? {})) {
    if (attributes[field]) defaults.push({ field, attribute: attributes[field], value });
    else problems.degraded.push(`defaults names "${field}", which is not a field of ${uid}; it is ignored.`);
  }

  const filled = new Set([
    ...taken,
    ...defaults.map(({ field }) => field),
    ...(seo?.kind === 'component' ? [seo.field] : []),
  ]);
  const fills: RequiredFill[] = [];
  const suggestedDefaults: DefaultSuggestion[] = [];
  for (const [field, attribute] of Object.entries(attributes)) {
    if (!attribute.required || hasUsableDefault(attribute) || filled.has(field)) continue;
    const verdict = requiredFieldVerdict(field, attribute, catalog, options.authorName);
    if (verdict.kind === 'fill') {
      fills.push({
        field,
        attribute,
        source: verdict.source,
        ...(verdict.component ? { component: verdict.component } : {}),
        ...(verdict.value !== undefined ? { value: verdict.value } : {}),
      });
      if (verdict.source === 'enumValue')
        problems.degraded.push(
          `required field "${field}" gets "${verdict.value}", the one value that fits every article (nothing in an article chooses one); to choose another, add defaults: { ${field}: "..." }.`
        );
      if (verdict.source === 'statusValue')
        problems.degraded.push(
          `required field "${field}" (a publication state) gets the value naming the article's status (${attribute.enum?.map((value) => `"${value}"`).join(', ')}); to choose one for every article, add defaults: { ${field}: "..." }.`
        );
      if (verdict.source === 'author')
        problems.degraded.push(
          `required field "${field}" receives the article's author: the application password's user on the WordPress door, the token's owner on MCP, else "${options.authorName}" (the authorName setting, else the site's name); to give it another, set authorName or add defaults: { ${field}: "..." }.`
        );
      if (verdict.source === 'booleanFalse')
        problems.degraded.push(
          `required field "${field}" (yes or no) is written false, its safe value (nothing in an article sets it); to write true, add defaults: { ${field}: true }.`
        );
      if (verdict.source === 'gallery')
        problems.degraded.push(
          `required field "${field}" (several images) receives the article's imported images; a published article without images is refused before anything is written.`
        );
      if (verdict.source === 'shortText')
        problems.degraded.push(
          `required field "${field}" (a short text no part of an article is named for) gets the meta description or the excerpt, whichever fits its ${attribute.maxLength ?? STRING_MAX_LENGTH} characters; to give it a constant instead, add defaults: { ${field}: "..." }.`
        );
    } else if (verdict.kind === 'unfillable') {
      problems.fatal.push(verdict.problem);
      suggestedDefaults.push(verdict.suggestion);
    } else {
      problems.degraded.push(verdict.problem);
    }
  }

  const used = new Set([...filled, ...fills.map(({ field }) => field)]);
  const mappable = mappableFields(
    schema,
    catalog,
    { body, featuredImage, summary, categories, tags, seo, jsonLd, date },
    overrides,
    used
  );

  return {
    uid,
    draftAndPublish: schema.draftAndPublish,
    localized: schema.localized,
    title,
    slug,
    body,
    featuredImage,
    summary,
    categories,
    tags,
    seo,
    author,
    date,
    readingTime,
    jsonLd,
    defaults,
    fills,
    ...(options.authorName ? { authorName: options.authorName } : {}),
    suggestedDefaults,
    choices,
    candidates: roleCandidates(schema, catalog, choices, used, undecided),
    mappable,
    problems,
  };
}

function detectBodySlot<Body extends BodySlot>(
  schema: ContentTypeSchema,
  catalog: SchemaCatalog,
  override: string | undefined,
  detectBody: BodyDetector<Body> | undefined,
  problems: TargetProblems
): Body | null {
  if (override === '') {
    problems.degraded.push("fields.content is turned off: the article's body will not be saved.");
    return null;
  }
  // Without a body detector the glue fills the slot; an explicit field is still checked to exist.
  if (!detectBody) {
    if (override === undefined) return null;
    if (!schema.attributes[override]) {
      problems.fatal.push(`fields.content names "${override}", which is not a field of ${schema.uid}.`);
      return null;
    }
    return { field: override } as Body;
  }
  const detected = detectBody(schema, catalog, override);
  if (typeof detected === 'string') problems.fatal.push(detected);
  else if (detected === null)
    problems.fatal.push(
      `${schema.uid} has no field that can hold the article's body; set fields.content (or '' to publish without a body).`
    );
  return typeof detected === 'string' ? null : detected;
}

/** The field a uid slug is made from, as the title when no field has a title-like name. */
function uidSourceField(schema: ContentTypeSchema, taken: ReadonlySet<string>): FieldRef | null {
  for (const attribute of Object.values(schema.attributes)) {
    const source =
      attribute.type === 'uid' && attribute.targetField
        ? schema.attributes[attribute.targetField]
        : undefined;
    if (
      attribute.targetField &&
      source &&
      TEXT_TYPES.includes(source.type) &&
      !taken.has(attribute.targetField)
    ) {
      return { field: attribute.targetField, attribute: source };
    }
  }
  return null;
}

/**
 * The title by position: the first required string that is not an identifier (a code, a key, a
 * language) and has no pattern.
 */
function firstRequiredString(schema: ContentTypeSchema, taken: ReadonlySet<string>): FieldRef | null {
  for (const [field, attribute] of Object.entries(schema.attributes)) {
    if (taken.has(field) || attribute.type !== 'string' || !attribute.required) continue;
    if (looksLikeCode(field) || attribute.regex !== undefined) continue;
    if ((ROLE_NAMES.summary as readonly string[]).includes(normalizedName(field))) continue;
    return { field, attribute };
  }
  return null;
}

/**
 * The title by position when no string is required (issue #61: a type whose strings are all
 * optional): the only plain string, else the first of them, shown as a choice the owner confirms.
 */
function titleByPosition(
  schema: ContentTypeSchema,
  taken: ReadonlySet<string>
): { ref: FieldRef; choice: RoleChoice } | null {
  const strings = Object.entries(schema.attributes).filter(
    ([field, attribute]) =>
      !taken.has(field) &&
      attribute.type === 'string' &&
      attribute.regex === undefined &&
      !looksLikeCode(field) &&
      !namedForAnotherPart(field) &&
      !isSummaryCompound(field) &&
      !(ROLE_NAMES.summary as readonly string[]).includes(normalizedName(field))
  );
  if (!strings.length) return null;
  const [field, attribute] = strings[0];
  const why =
    strings.length === 1
      ? 'the only plain string field'
      : `first of ${strings.length} plain string fields: ${strings.map(([name]) => name).join(', ')}`;
  return { ref: { field, attribute }, choice: { role: 'title', field, why, ambiguous: strings.length > 1 } };
}

/**
 * The summary by position when no name says summary: the first required long text, shown as a
 * choice the owner confirms (issue #61), a guess when there are several.
 */
function summaryByPosition(
  schema: ContentTypeSchema,
  taken: ReadonlySet<string>
): { ref: FieldRef; choice: RoleChoice } | null {
  const texts = Object.entries(schema.attributes).filter(
    ([field, attribute]) => !taken.has(field) && attribute.type === 'text' && attribute.required === true
  );
  if (!texts.length) return null;
  const [field, attribute] = texts[0];
  const why =
    texts.length === 1
      ? 'the only required long text field'
      : `first of ${texts.length} required long text fields: ${texts.map(([name]) => name).join(', ')}`;
  return { ref: { field, attribute }, choice: { role: 'summary', field, why, ambiguous: texts.length > 1 } };
}

/** A summary by a name made of a "short" word and a text word (`short_content`, `Kurztext`). */
function summaryCompound(schema: ContentTypeSchema, taken: ReadonlySet<string>): FieldRef | null {
  const found = Object.entries(schema.attributes).find(
    ([field, attribute]) =>
      !taken.has(field) && SUMMARY_TYPES.includes(attribute.type) && isSummaryCompound(field)
  );
  return found ? { field: found[0], attribute: found[1] } : null;
}

/**
 * Fields that could hold the summary by what they are, whatever their name (`ozet` before its
 * language was known): long text or rich text no role took, not a code, a pattern or a part of an
 * article by name.
 */
function summaryCandidates(schema: ContentTypeSchema, taken: ReadonlySet<string>): FieldRef[] {
  return Object.entries(schema.attributes)
    .filter(
      ([field, attribute]) =>
        !taken.has(field) &&
        ['text', 'richtext', 'blocks'].includes(attribute.type) &&
        attribute.regex === undefined &&
        !looksLikeCode(field) &&
        !namedForAnotherPart(field)
    )
    .map(([field, attribute]) => ({ field, attribute }));
}

/** The first field of these types (a required one when `required`) that no role took. */
function firstOfType(
  schema: ContentTypeSchema,
  types: string[],
  taken: ReadonlySet<string>,
  required: boolean
): FieldRef | null {
  const found = Object.entries(schema.attributes).find(
    ([field, attribute]) =>
      !taken.has(field) && types.includes(attribute.type) && (!required || attribute.required === true)
  );
  return found ? { field: found[0], attribute: found[1] } : null;
}
