import type { DocumentRow, DocumentsApi } from './documents';
import type { EntryEventReadsService } from './entry-event-reads';

/**
 * The Document Service's writes of one type, each announcing the rows it wrote to the event-read
 * pacing (entry-event-reads.ts): Strapi's entry event after the commit reads each row again, and on
 * SQLite that read waits for a turn of the event loop instead of following the commit at once. For a
 * publish written in two transactions, so that each is a stretch of its own (issue #62).
 */
export function pacedDocumentWrites(
  documents: DocumentsApi,
  eventReads: EntryEventReadsService,
  uid: string
): Pick<DocumentsApi, 'create' | 'update' | 'publish'> {
  const announce = (rows: (DocumentRow | null | undefined)[]) =>
    eventReads.expectEventReads(
      uid,
      rows.filter((row): row is DocumentRow => !!row).map((row) => row.id)
    );
  return {
    async create(params) {
      const row = await documents.create(params);
      announce([row]);
      return row;
    },
    async update(params) {
      const row = await documents.update(params);
      announce([row]);
      return row;
    },
    async publish(params) {
      const published = await documents.publish(params);
      announce(published?.entries ?? []);
      return published;
    },
  };
}
