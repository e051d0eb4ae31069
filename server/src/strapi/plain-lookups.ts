import type { Core } from '@strapi/strapi';
import { documentsOf, type DocumentRow } from './documents';

/**
 * Relies on: how Strapi 5 stores a document's versions. A draft is a row whose `publishedAt` is null, a
 * published version a row whose `publishedAt` is set, and a localized type's row names its `locale`; the
 * Document Service's `status` and `locale` parameters select exactly those rows, and its `filters` and
 * the Query Engine's `where` read equality, `$eqi` and a relation's `documentId` alike. Asserted by
 * test/strapi-contract.test.ts ("the Query Engine selects a version as the Document Service's status
 * and locale do"); checked on Strapi 5.0.0 and 5.54.0. Where the Document Service decides more than
 * that (a localized type read without a locale: i18n's middleware picks the default locale), the lookup
 * goes through the Document Service.
 *
 * Why: a publish makes plain lookups before its write (the slug's entry, its category by name, and on
 * an update the entry itself, `readEntry`, issue #62).
 * Through the Document Service each cost about 1 ms of Strapi's own work (parameter validation, a
 * transaction of its own, the query's transformation) against 0.2 to 0.3 ms through the Query Engine
 * (2026-11-28, a 2-core machine), and p1 missed 1.3 without them (docs/benchmarks.md, issue #44).
 * Reads only: every write of the site's types goes through the Document Service.
 */

/** A content type as a lookup needs it. */
export interface VersionedType {
  uid: string;
  draftAndPublish: boolean;
  localized: boolean;
}

export interface PlainLookup {
  /** Attribute filters both APIs read the same way: equality, `$eqi`, a relation's `{ documentId }`. */
  filters: Record<string, unknown>;
  /** The version to read, on a draft-and-publish type (a type without drafts has one row per locale). */
  status: 'draft' | 'published';
  /** The locale to read, on a localized type. */
  locale: string | undefined;
  /** Scalar fields each row carries besides `id` and `documentId`. */
  fields?: string[];
  /** A to-one relation whose `documentId` each row carries (as `{ documentId }`, or null). */
  relation?: string;
  /** At most one row (the lowest id). */
  first?: boolean;
}

/** Strapi's Query Engine of a uid known only at run time: the slice a lookup uses. */
interface QueryEngine {
  findMany(params: object): Promise<DocumentRow[]>;
}

/** The Query Engine's `where` for a lookup, or undefined when only the Document Service knows the rows. */
export function versionWhere(
  type: VersionedType,
  lookup: Pick<PlainLookup, 'filters' | 'status' | 'locale'>
): Record<string, unknown> | undefined {
  if (type.localized && !lookup.locale) return undefined;
  return {
    ...lookup.filters,
    ...(type.draftAndPublish ? { publishedAt: lookup.status === 'draft' ? null : { $notNull: true } } : {}),
    ...(type.localized ? { locale: lookup.locale } : {}),
  };
}

/** Rows of `type` a plain lookup names, ordered by id: with `id`, `documentId` and the fields asked for. */
export async function lookUp(
  strapi: Core.Strapi,
  type: VersionedType,
  lookup: PlainLookup
): Promise<DocumentRow[]> {
  const fields = ['id', 'documentId', ...(lookup.fields ?? [])];
  const where = versionWhere(type, lookup);
  if (!where) {
    return documentsOf(strapi, type.uid).findMany({
      filters: lookup.filters,
      ...(type.draftAndPublish ? { status: lookup.status } : {}),
      fields,
      ...(lookup.relation ? { populate: { [lookup.relation]: { fields: ['documentId'] } } } : {}),
      sort: 'id:asc',
      ...(lookup.first ? { limit: 1 } : {}),
    });
  }
  const engine = strapi.db.query(type.uid as never) as unknown as QueryEngine;
  return engine.findMany({
    where,
    select: fields,
    ...(lookup.relation ? { populate: { [lookup.relation]: { select: ['documentId'] } } } : {}),
    orderBy: { id: 'asc' },
    ...(lookup.first ? { limit: 1 } : {}),
  });
}

/**
 * What an entry read carries besides its columns: a component or zone with everything at its first
 * level (`'all'`, the Document Service's `populate: '*'`), or a relation's or media field's rows with
 * these fields.
 */
export type EntryParts = Record<string, 'all' | string[]>;

/** One version of an entry, as `lookUp` selects it: these columns (with `id`, `documentId`) and parts. */
export interface EntryRead extends Omit<PlainLookup, 'relation' | 'first'> {
  parts: EntryParts;
}

/** A relation's or media field's columns as the Document Service's `fields` selects them: with its ids. */
const withIds = (fields: string[]) => [...new Set(['id', 'documentId', ...fields])];

/**
 * The version an entry read names, the lowest id (as the Document Service's findFirst of the same
 * filters, status and locale reads it), with only the columns and parts asked for. The parts are
 * populated as the Document Service populates them: `'all'` is its `populate: '*'` (the Query Engine's
 * `populate: true` at that level), a field list its `fields` (`select`, with the `id` and `documentId` it
 * always adds). The contract test asserts both reads give the same entry (test/helpers/strapi-contract.ts).
 */
export async function readEntry(
  strapi: Core.Strapi,
  type: VersionedType,
  read: EntryRead
): Promise<DocumentRow | null> {
  const fields = ['id', 'documentId', ...(read.fields ?? [])];
  const where = versionWhere(type, read);
  const parts = Object.entries(read.parts);
  if (!where) {
    const populate = Object.fromEntries(
      parts.map(([part, what]) => [part, what === 'all' ? { populate: '*' } : { fields: what }])
    );
    return documentsOf(strapi, type.uid).findFirst({
      filters: read.filters,
      ...(type.draftAndPublish ? { status: read.status } : {}),
      fields,
      ...(parts.length ? { populate } : {}),
    });
  }
  const populate = Object.fromEntries(
    parts.map(([part, what]) => [part, what === 'all' ? { populate: true } : { select: withIds(what) }])
  );
  const engine = strapi.db.query(type.uid as never) as unknown as {
    findOne(params: object): Promise<DocumentRow | null>;
  };
  return engine.findOne({
    where,
    select: fields,
    ...(parts.length ? { populate } : {}),
    orderBy: { id: 'asc' },
  });
}
