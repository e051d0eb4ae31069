import type { Core } from '@strapi/strapi';

/**
 * The slice of Strapi's Document Service this plugin uses. The target uid comes from config, so
 * Strapi's per-uid generated types cannot apply; this interface states what we rely on instead.
 */
export interface DocumentRow {
  id: number;
  documentId: string;
  [field: string]: unknown;
}

export interface DocumentsApi {
  findFirst(params: object): Promise<DocumentRow | null>;
  findMany(params: object): Promise<DocumentRow[]>;
  create(params: object): Promise<DocumentRow>;
  update(params: object): Promise<DocumentRow | null>;
  /** The published versions it wrote, one per locale (read defensively: only the paced event reads use them). */
  publish(params: object): Promise<{ documentId: string; entries?: DocumentRow[] } | null>;
  unpublish(params: object): Promise<unknown>;
  delete(params: object): Promise<unknown>;
}

/** The Document Service of a uid known only at run time. */
export const documentsOf = (strapi: Core.Strapi, uid: string) =>
  strapi.documents(uid as never) as unknown as DocumentsApi;

/** Which version of an entry a lookup reads, as the Document Service's `status` says it. */
export type EntryStatus = 'draft' | 'published';

/**
 * The Query Engine `where` that the Document Service adds to a lookup of `status` in `locale`
 * (Strapi 5.54, document-service/draft-and-publish.js and internationalization.js): a type with draft
 * and publish reads rows whose `publishedAt` is null (draft) or set (published); a localized type
 * reads the rows of its locale. Undefined when the rule needs what only the Document Service knows
 * (a localized type and no locale: Strapi's default locale), so that lookup goes through it.
 *
 * Why at all: the publish path's plain lookups (a category by name, the post's slug) cost 0.9 ms each
 * through the Document Service (its parameter pipeline and transaction) and 0.2 ms through the Query
 * Engine, measured on SQLite inside the playground (issue #30). Lookups with `populate` and every
 * write stay on the Document Service.
 */
export function lookupWhere(
  type: { draftAndPublish: boolean; localized: boolean },
  status: EntryStatus,
  locale: string | undefined
): Record<string, unknown> | undefined {
  if (type.localized && !locale) return undefined;
  return {
    ...(type.draftAndPublish
      ? { publishedAt: status === 'draft' ? { $null: true } : { $notNull: true } }
      : {}),
    ...(type.localized ? { locale } : {}),
  };
}

/** The Query Engine of a uid known only at run time: only plain lookups (see lookupWhere). */
export interface EntryRows {
  findOne(params: { where: object; select: string[] }): Promise<Record<string, unknown> | null>;
  findMany(params: { where: object; select: string[]; orderBy: object }): Promise<Record<string, unknown>[]>;
}

export const entryRowsOf = (strapi: Core.Strapi, uid: string) =>
  strapi.db.query(uid as never) as unknown as EntryRows;
