import { appCollectionTypeProblem, contentTypeUidProblem } from './app-content-types';
import { resolveBodyField, type BodyField, type BodyFormatSetting } from './body/body-field';
import { isHtmlEditor, namesHtml } from './body/html-editors';
import { zonePlan, type ZonePlan } from './body/zone-kinds';
import type { CategoryFieldOverrides, FieldDefaults, FieldOverrides } from './target-profile/field-overrides';
import { detectTargetProfile } from './target-profile/detect';
import { profileMapping, type BodySlot, type TargetProfile } from './target-profile/profile';
import type { RoleCandidates } from './target-profile/role-candidates';
import { describeChoice } from './target-profile/role-choices';
import type { SchemaCatalog } from './target-profile/schema';

/**
 * The target a publish writes into: the target profile (core/src/target-profile) with the body slot of
 * core/src/body filled in. Framework-free: built from a SchemaCatalog and the target settings.
 */
export interface BodyTarget extends BodySlot {
  body: BodyField;
  /** For a dynamic-zone body: the components each part of the article goes into. */
  zone?: ZonePlan;
}

export type PublishTarget = TargetProfile<BodyTarget> & {
  /** A default for the author relation (a documentId or a name of the author type), resolved by the glue. */
  authorDefault?: string;
  /** The `authorEntry` setting: the author type's entry (id or documentId) a new post is linked to, when no `defaults` entry names one. */
  authorEntry?: number | string;
};

export interface TargetSettings {
  targetContentType: string;
  fields: FieldOverrides;
  bodyFormat: BodyFormatSetting;
  categoryFields: CategoryFieldOverrides;
  defaults: FieldDefaults;
  /** Values a new category is given (the `categoryDefaults` setting). */
  categoryDefaults?: FieldDefaults;
  /** The author a required author-like text field receives; the glue passes the setting, else the site's name. */
  authorName?: string;
  /** The entry (id or documentId) an author relation is linked to (the `authorEntry` setting; '' none). */
  authorEntry?: number | string;
}

/** The target's profile, or the problem that keeps it from receiving articles at all. */
export function buildPublishTarget(settings: TargetSettings, catalog: SchemaCatalog): PublishTarget {
  const uid = settings.targetContentType;
  // Checked before the schema is even read: a stored setting from before the rule must not be used.
  const uidProblem = contentTypeUidProblem(uid);
  if (uidProblem) return emptyTarget(uid, `The target content type ${uidProblem}.`);
  const schema = catalog.contentType(uid);
  if (!schema) return emptyTarget(uid, `The target content type "${uid}" does not exist.`);
  const kindProblem = appCollectionTypeProblem(uid, schema.kind);
  if (kindProblem) return emptyTarget(uid, `The target content type ${kindProblem}.`);
  /** Degradations the body detector finds (a zone component not used, the HTML name hint). */
  const zoneWarnings: string[] = [];
  const profile = detectTargetProfile<BodyTarget>(schema, catalog, {
    fields: settings.fields,
    categoryFields: settings.categoryFields,
    defaults: withoutRelationDefaults(settings.defaults, schema.attributes),
    ...(settings.categoryDefaults ? { categoryDefaults: settings.categoryDefaults } : {}),
    ...(settings.authorName ? { authorName: settings.authorName } : {}),
    detectBody(type, types, override) {
      const { body, problems } = resolveBodyField(type, {
        field: override,
        format: settings.bodyFormat,
        catalog: types,
      });
      if (!body) return problems.join(' ');
      if (settings.bodyFormat === 'auto' && saysHtmlByName(body)) {
        zoneWarnings.push(
          `The body field "${body.name}" is a rich text (Markdown) field whose name says HTML: it receives the article as HTML. If the site renders it as Markdown, set bodyFormat: 'markdown'.`
        );
      }
      const chosen = {
        ...(body.chosenBecause ? { chosenBecause: body.chosenBecause } : {}),
        ...(body.chosenAmongSeveral ? { chosenAmongSeveral: true } : {}),
      };
      if (body.format !== 'zone') return { field: body.name, body, ...chosen };
      const { plan, warnings } = zonePlan(body.attribute.components ?? [], types);
      zoneWarnings.push(...warnings);
      return plan
        ? { field: body.name, body, zone: plan, ...chosen }
        : `The dynamic zone "${body.name}" has no component for the article text.`;
    },
  });
  profile.problems.degraded.push(...zoneWarnings);
  if (settings.fields.seo === '') {
    profile.problems.degraded.push(
      'No SEO component or meta fields (fields.seo is turned off): the meta title, meta description and keywords will not be saved.'
    );
  }
  const authorDefault = profile.author ? settings.defaults[profile.author.field] : undefined;
  const authorEntry = authorEntryOf(profile, settings, authorDefault);
  if (!profile.slug) {
    profile.problems.degraded.push(
      "The target has no slug field: a republish finds its entry through the plugin's own record of slug -> entry."
    );
  }
  return {
    ...profile,
    ...(typeof authorDefault === 'string' && authorDefault ? { authorDefault } : {}),
    ...(authorEntry !== undefined ? { authorEntry } : {}),
  };
}

/**
 * The `authorEntry` setting where it applies: the target has an author relation and no `defaults`
 * entry names its author (that one wins, as before the setting existed). Where it does not apply,
 * the target's problems say so.
 */
function authorEntryOf(
  profile: TargetProfile<BodyTarget>,
  settings: TargetSettings,
  authorDefault: unknown
): number | string | undefined {
  const entry = settings.authorEntry;
  if (entry === undefined || entry === '') return undefined;
  if (!profile.author) {
    profile.problems.degraded.push(
      `authorEntry is set, but ${profile.uid} has no author relation; it is ignored.`
    );
    return undefined;
  }
  if (authorDefault !== undefined) {
    profile.problems.degraded.push(
      `authorEntry is set, but defaults.${profile.author.field} names the author; defaults wins.`
    );
    return undefined;
  }
  return entry;
}

/** A Markdown rich text that receives HTML only because its name says so (`content_html`). */
function saysHtmlByName(body: BodyField): boolean {
  return body.attribute.type === 'richtext' && !isHtmlEditor(body.attribute) && namesHtml(body.name);
}

/** Relation defaults (an author) are names or documentIds the glue resolves; the value plan only writes plain values. */
function withoutRelationDefaults(
  defaults: FieldDefaults,
  attributes: Record<string, { type: string }>
): FieldDefaults {
  return Object.fromEntries(
    Object.entries(defaults).filter(([field]) => attributes[field]?.type !== 'relation')
  );
}

function emptyTarget(uid: string, problem: string): PublishTarget {
  return {
    uid,
    draftAndPublish: false,
    localized: false,
    title: null,
    slug: null,
    body: null,
    featuredImage: null,
    summary: null,
    categories: null,
    tags: null,
    seo: null,
    author: null,
    date: null,
    readingTime: null,
    jsonLd: null,
    defaults: [],
    fills: [],
    suggestedDefaults: [],
    choices: [],
    candidates: {},
    mappable: {},
    problems: { fatal: [problem], degraded: [] },
  };
}

/** What ping and the admin show: the body field and format, and each role's field. */
export interface TargetReport {
  content_type: string;
  body_field: string | null;
  body_format: string | null;
  /** How a republish finds its entry: the slug field, or the plugin's own record. */
  upsert_key: 'slug' | 'plugin_record';
  mapping: Record<string, string | null>;
  /** Roles given to a field by its shape, not its name (only when there are some): "Featured image -> rectangularImage (first of 2 image fields: ...)". */
  choices?: string[];
  /** Per role chosen by shape or left to the owner among several: every field `fields.<role>` may name, the chosen one first (only when there are some). */
  candidates?: RoleCandidates;
  /** On a localized target: the site's locales, and the one articles are written in unless a request names another. */
  locales?: string[];
  locale?: string;
}

export function targetReport(target: PublishTarget): TargetReport {
  return {
    content_type: target.uid,
    body_field: target.body?.field ?? null,
    body_format: target.body?.body.format ?? null,
    upsert_key: target.slug ? 'slug' : 'plugin_record',
    mapping: profileMapping(target),
    ...(target.choices.length ? { choices: target.choices.map(describeChoice) } : {}),
    ...(Object.keys(target.candidates).length ? { candidates: target.candidates } : {}),
  };
}
