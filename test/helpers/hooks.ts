import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PresetName } from '../../core/src/hooks/endpoints';
import { tableRows, type TestDatabase } from './databases';
import { request, type HttpResponse } from './http';

const hooksFixtures = path.join(__dirname, '..', 'fixtures', 'hooks');

/** A preset's documented sample payload (test/fixtures/hooks/<preset>.json), as text. */
export function hookSample(preset: PresetName): string {
  if (preset === 'contract')
    return fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'webhook-payload.json'), 'utf8');
  return fs.readFileSync(path.join(hooksFixtures, `${preset}.json`), 'utf8');
}

/** The Custom endpoint's options that map test/fixtures/hooks/custom.json (nested paths, arrays). */
export function customHookOptions(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(hooksFixtures, 'custom-options.json'), 'utf8'));
}

const hmacHex = (secret: string, ...parts: string[]) => {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(part);
  return hmac.digest('hex');
};

/** The headers each service sends with a body, as its docs say (the notes' section 1). */
export function serviceHeaders(
  preset: PresetName,
  body: string,
  secret: string,
  now = new Date()
): Record<string, string> {
  const bearer = { Authorization: `Bearer ${secret}` };
  switch (preset) {
    case 'contract':
      return { 'X-Service-Signature': hmacHex(secret, body) };
    case 'outrank':
    case 'getmywebrank':
    case 'babylovegrowth':
    case 'seocraftai':
      return bearer;
    case 'blogseo':
    case 'seoladders':
      return { 'X-Webhook-Secret': secret };
    case 'arvow':
    case 'journalist':
      return { 'X-SECRET': secret };
    case 'rankpill': {
      const digest = hmacHex(secret, body);
      return { 'X-RankPill-Signature': digest, Authorization: `sha256=${digest}` };
    }
    case 'ranksector':
      return { 'X-RankSector-Signature': hmacHex(secret, body) };
    case 'seogrove':
      return {
        'X-SEOGrove-Event': 'content.published',
        'X-SEOGrove-Signature': `sha256=${hmacHex(secret, body)}`,
        'User-Agent': 'SEOGrove/1.0',
      };
    case 'citeflow': {
      const stamp = String(Math.floor(now.getTime() / 1000));
      return {
        'X-CiteFlow-Timestamp': stamp,
        'X-CiteFlow-Signature': `sha256=${hmacHex(secret, stamp, '.', body)}`,
      };
    }
    case 'ranket': {
      const stamp = now.toISOString();
      return {
        'X-Ranket-Timestamp': stamp,
        'X-Ranket-Signature': `sha256=${hmacHex(secret, stamp, '.', body)}`,
        'X-Ranket-Event': 'article.published',
        'X-Ranket-Delivery-Id': 'dlv_01',
      };
    }
    case 'earlyseo':
      return { ...bearer, 'X-Earlyseo-Signature': hmacHex(secret, body) };
    case 'custom':
      return { 'X-Custom-Token': secret };
  }
}

export function postHook(
  baseUrl: string,
  hookPath: string,
  body: string,
  headers: Record<string, string>,
  method = 'POST'
): Promise<HttpResponse> {
  return request(`${baseUrl}${hookPath}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(body),
  });
}

/** A row of the webhook queue's table, as the tests read it (JSON columns parsed on every database). */
export interface QueueRow {
  id: number;
  endpointId: string;
  event: string;
  status: 'queued' | 'processing' | 'done' | 'failed';
  attempts: number;
  leaseOwner: string | null;
  problem: string | null;
  payload: unknown;
  headers: unknown;
  outcome: {
    ok: boolean;
    postId?: number;
    created?: boolean;
    duplicate?: boolean;
    error?: { code: string };
  }[];
  nextAttemptAt: number;
}

const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/** Every delivery of the webhook queue (server/src/content-types/hook-delivery), oldest first. */
export async function queueRows(database: TestDatabase): Promise<QueueRow[]> {
  const rows = await tableRows(database, 'article_publisher_hook_deliveries');
  return rows
    .map((row) => ({
      id: Number(row.id),
      endpointId: String(row.endpoint_id),
      event: String(row.event),
      status: row.status as QueueRow['status'],
      attempts: Number(row.attempts),
      leaseOwner: (row.lease_owner as string | null) ?? null,
      problem: (row.problem as string | null) ?? null,
      payload: parsed(row.payload),
      headers: parsed(row.headers),
      outcome: (parsed(row.outcome) as QueueRow['outcome'] | null) ?? [],
      nextAttemptAt: Number(row.next_attempt_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Polls the queue until `done` holds for its rows; answers them. */
export async function waitForQueue(
  database: TestDatabase,
  done: (rows: QueueRow[]) => boolean,
  what: string,
  timeoutMs = 60_000
): Promise<QueueRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await queueRows(database);
    if (done(rows)) return rows;
    if (Date.now() > deadline)
      throw new Error(`${what}: the queue did not get there in ${timeoutMs} ms: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the queued delivery `id` is finished (done or failed); answers its row. */
export async function waitForDelivery(
  database: TestDatabase,
  id: number,
  timeoutMs = 60_000
): Promise<QueueRow> {
  const rows = await waitForQueue(
    database,
    (all) => all.some((row) => row.id === id && (row.status === 'done' || row.status === 'failed')),
    `delivery ${id}`,
    timeoutMs
  );
  return rows.find((row) => row.id === id) as QueueRow;
}
