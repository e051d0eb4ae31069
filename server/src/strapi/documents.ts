import type { Core } from '@strapi/strapi';

/**
 * Relies on: the Document Service (`strapi.documents(uid)`) of a uid known only at run time, with the
 * parameters and answers of Strapi's documented Document Service API (findFirst, findMany, create,
 * update, publish, unpublish, delete). Beyond the documented API: `publish` answers the versions it
 * wrote as `entries` (one per locale), which only the paced event reads use (entry-event-reads.ts), and
 * read defensively. Checked on Strapi 5.0.0 and 5.54.0 (test/strapi-contract.test.ts, the compat check).
 *
 * Why a slice: the target uid comes from config, so Strapi's per-uid generated types cannot apply;
 * this interface states what the plugin relies on instead. Every read and write of the site's own
 * content types (the target, its categories and tags) goes through it; the exceptions are the
 * large-Blocks write (large-blocks-write.ts) and the plain lookups of a publish (plain-lookups.ts).
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
