import assert from 'node:assert/strict';
import { tableRowCounts, tableRows, type TestDatabase } from './databases';

/** The log of refused requests the Activity page lists (issue #46: a 4xx is written there). */
const REFUSAL_LOG = 'article_publisher_refusals';
/** The custom webhooks' delivery records: the delivery inspector (issue #59) records a refused delivery too. */
const HOOK_DELIVERIES = 'article_publisher_hook_deliveries';

/** What the database holds before a refusal: every table's row count, and the delivery records there are. */
export interface BeforeRefusal {
  counts: Record<string, number>;
  records: Set<number>;
}

export async function beforeRefusal(database: TestDatabase): Promise<BeforeRefusal> {
  const { [REFUSAL_LOG]: _log, [HOOK_DELIVERIES]: _records, ...counts } = await tableRowCounts(database);
  const records = new Set((await tableRows(database, HOOK_DELIVERIES)).map((row) => Number(row.id)));
  return { counts, records };
}

/**
 * Asserts that no table gained or lost a row since `before`, but the log of refused requests and the
 * record of a refused custom webhook delivery, which is finished and failed: nothing of it is queued.
 */
export async function assertNothingWritten(database: TestDatabase, before: BeforeRefusal): Promise<void> {
  const { [REFUSAL_LOG]: _log, [HOOK_DELIVERIES]: _records, ...counts } = await tableRowCounts(database);
  assert.deepEqual(counts, before.counts);
  const added = (await tableRows(database, HOOK_DELIVERIES)).filter(
    (row) => !before.records.has(Number(row.id))
  );
  assert.deepEqual(
    added.map((row) => row.status),
    added.map(() => 'failed'),
    'a refused delivery is recorded failed, never queued'
  );
}

/** Runs `refuse` (which asserts its answers) and asserts that it wrote nothing (assertNothingWritten). */
export async function nothingWrittenBy(database: TestDatabase, refuse: () => Promise<void>): Promise<void> {
  const before = await beforeRefusal(database);
  await refuse();
  await assertNothingWritten(database, before);
}
