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
  publish(params: object): Promise<unknown>;
  unpublish(params: object): Promise<unknown>;
  delete(params: object): Promise<unknown>;
}

/** The Document Service of a uid known only at run time. */
export const documentsOf = (strapi: Core.Strapi, uid: string) =>
  strapi.documents(uid as never) as unknown as DocumentsApi;
