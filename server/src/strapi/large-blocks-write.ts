import type { Core } from '@strapi/strapi';
import {
  BLOCKS_STAND_IN,
  BLOCKS_STAND_IN_JSON,
  type StoredBodyJson,
} from '../../../core/src/blocks/stored-json';
import type { PublishTarget } from '../../../core/src/publish-target';
import { schemaCatalog } from '../common/schema-catalog';
import type entryEventReadsService from './entry-event-reads';

/** The entry's data as saved through the Document Service: the stand-in where a large Blocks body goes. */
export function withBlocksStandIn(data: Record<string, unknown>, bodyJson: StoredBodyJson | undefined): void {
  if (bodyJson) data[bodyJson.field] = BLOCKS_STAND_IN;
}

/**
 * Relies on (beyond the documented plugin API), checked on Strapi 5.0.0 and 5.54.0 by
 * test/strapi-contract.test.ts (also in the compat check for each release):
 * - the Query Engine's `updateMany` of a content type's rows, inside the Document Service's
 *   transaction (the publish's), with a `$eq` on a JSON column;
 * - a Blocks value saved through the Document Service is stored as `JSON.stringify` of it (the stand-in
 *   core/src/blocks/stored-json.ts BLOCKS_STAND_IN_JSON is found by that text);
 * - a JSON column stores a string as given (@strapi/database dist/fields/json.js toDB);
 * - i18n copies a field it does not localize only into the other locales' rows of the same status
 *   (@strapi/i18n dist/server/services/localizations.js `syncNonLocalizedAttributes`, run by its
 *   Document Service middleware on create, update and publish), and only when the shared fields changed.
 *
 * A large Blocks body is saved through the Document Service as the stand-in (Strapi's yup validation of
 * a blocks value holds the event loop for seconds on a large body: core/src/blocks/stored-json.ts), then
 * its JSON text is written here into exactly the rows that hold the stand-in: the entry's draft, its
 * published version when the delivery published it, and, for a field i18n does not localize, the rows
 * Strapi's i18n sync copied it to. So the body lands where a small body, saved through the Document
 * Service, would; a draft delivery is also kept off published rows explicitly. The only write of the
 * site's own content types that goes around the Document Service.
 */
export async function storeLargeBlocksBody(
  { strapi, eventReads }: { strapi: Core.Strapi; eventReads: ReturnType<typeof entryEventReadsService> },
  target: PublishTarget,
  written: { documentId: string; rowIds: readonly number[] },
  { locale, publish }: { locale: string | undefined; publish: boolean },
  stored: StoredBodyJson
): Promise<void> {
  const { field, json } = stored;
  const { documentId } = written;
  const localizedField = schemaCatalog(strapi).contentType(target.uid)?.attributes[field]?.localized;
  const where = {
    documentId,
    ...(target.localized && locale && localizedField ? { locale } : {}),
    ...(target.draftAndPublish && !publish ? { publishedAt: null } : {}),
    // Compared as the column's value: text on SQLite and MariaDB, jsonb on PostgreSQL.
    [field]: { $eq: BLOCKS_STAND_IN_JSON },
  };
  // A string is stored as it is by Strapi's JSON fields (no second serialization on this thread).
  const { count } = await strapi.db.query(target.uid as never).updateMany({ where, data: { [field]: json } });
  // The entry's own draft holds the stand-in: none found means Strapi stored it otherwise.
  if (count < 1)
    throw new Error(
      `The large body of ${documentId} found no row holding its stand-in: Strapi stored it otherwise ` +
        '(server/src/strapi/large-blocks-write.ts, test/strapi-contract.test.ts).'
    );
  // Strapi's entry events read these rows again after the commit: they take the body from this text
  // instead of reading it back (entry-event-reads.ts). Every one of them holds it: the draft and the
  // published version were saved with the stand-in by this write, and `where` takes each such row.
  eventReads.expectEventReads(target.uid, written.rowIds, stored);
}
