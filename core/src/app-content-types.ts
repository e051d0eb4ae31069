/**
 * The plugin writes articles, categories and tags only into the app's own collection types (`api::`):
 * never into Strapi's or a plugin's types (users-permissions roles, admin users, media files), whose
 * rows are the site's security, and never into a single type (one entry). Each rule below is a
 * predicate that reads after the name of what breaks it ("targetContentType" must be ...).
 */

/** What a content type UID looks like (`api::article.article`, `plugin::upload.file`, `admin::user`). */
const UID_SHAPE = /^[a-z][a-z0-9-]*::[a-z0-9-]+(\.[a-z0-9-]+)?$/;
const APP_PREFIX = 'api::';

/** Why a UID cannot be named, judged from the UID alone (the config validator knows no schema). */
export function contentTypeUidProblem(uid: string): string | undefined {
  if (!UID_SHAPE.test(uid)) return 'must be a content type UID such as "api::article.article"';
  if (!uid.startsWith(APP_PREFIX)) {
    return `must be one of the app's own collection types (api::…), not "${uid}": the plugin never writes into Strapi's or a plugin's types`;
  }
  return undefined;
}

/** Why an existing content type of this kind cannot receive the plugin's writes; undefined when it can. */
export function appCollectionTypeProblem(uid: string, kind: string | undefined): string | undefined {
  const uidProblem = contentTypeUidProblem(uid);
  if (uidProblem) return uidProblem;
  if (kind === 'singleType') {
    return `must be one of the app's own collection types, not "${uid}", a single type (it holds one entry)`;
  }
  return undefined;
}

/** The settings that name a content type. */
export const CONTENT_TYPE_SETTINGS = ['targetContentType', 'categoryContentType'] as const;
export type ContentTypeSetting = (typeof CONTENT_TYPE_SETTINGS)[number];

export interface SettingProblem {
  path: ContentTypeSetting;
  message: string;
}

/**
 * Each setting that names a type of the app which is not a collection type. A UID the config schema
 * refuses is its to name; '' and unknown types pass (the target check reports a missing type).
 */
export function contentTypeKindProblems(
  settings: Partial<Record<ContentTypeSetting, string | undefined>>,
  kindOf: (uid: string) => string | undefined
): SettingProblem[] {
  return CONTENT_TYPE_SETTINGS.flatMap((path) => {
    const uid = settings[path];
    if (!uid || contentTypeUidProblem(uid)) return [];
    const message = appCollectionTypeProblem(uid, kindOf(uid));
    return message ? [{ path, message }] : [];
  });
}

/** The Content Manager actions that saving a target needs on it: what the plugin does with each article. */
export function requiredEditorActions(draftAndPublish: boolean): EditorAction[] {
  return draftAndPublish ? ['create', 'update', 'publish'] : ['create', 'update'];
}

export type EditorAction = 'create' | 'update' | 'publish';

/** The field error of an admin who lacks some of those rights, naming each missing one. */
export function missingRightsMessage(uid: string, missing: EditorAction[]): string {
  const list =
    missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : (missing[0] ?? '');
  return `cannot be set to "${uid}" by you: your roles lack the Content Manager permission to ${list} its entries, which the plugin does with each article`;
}
