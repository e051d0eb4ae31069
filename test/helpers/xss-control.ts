import { isolatedDocumentFor, type ExecutionRecord, type XssHarness } from './xss-harness';

/** Script ran: anything the harness recorded but its own failure (a page that did not load or answer). */
export const ranScript = (record: ExecutionRecord) => record.kind !== 'harness failure';

/** The page did not load or answer, or a payload navigated it away: the rest of it was not seen. */
const cutShort = (record: ExecutionRecord) =>
  !ranScript(record) || (record.kind === 'navigation' && record.detail.startsWith('page '));

/**
 * The control run: which of these unsanitized payloads run script in Chromium, with what each did. Each is rendered as a
 * document of its own (isolatedDocumentFor), `batchSize` to a page, and counts when a record is put down
 * to it (a hooked sink, or the policy seeing script in its frame). A page that does not load or stops
 * answering (or that a payload navigates away) is rendered again in halves, so one stuck payload does not hide the others.
 */
export async function payloadsRunningScript(
  harness: XssHarness,
  payloads: readonly string[],
  batchSize: number
): Promise<Map<number, ExecutionRecord[]>> {
  const running = new Map<number, ExecutionRecord[]>();
  const render = async (first: number, count: number): Promise<void> => {
    const { records } = await harness.render(
      isolatedDocumentFor(payloads.slice(first, first + count), first)
    );
    for (const record of records) {
      if (record.payload === null || !ranScript(record)) continue;
      running.set(record.payload, [...(running.get(record.payload) ?? []), record]);
    }
    if (count > 1 && records.some(cutShort)) {
      const half = Math.ceil(count / 2);
      await render(first, half);
      await render(first + half, count - half);
    }
  };
  for (let first = 0; first < payloads.length; first += batchSize) {
    await render(first, Math.min(batchSize, payloads.length - first));
  }
  return running;
}
