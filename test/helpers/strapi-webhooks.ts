import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from './http';

/** One event Strapi's webhook runner sent, with when it arrived. */
export interface ReceivedEvent {
  event: string;
  model: string;
  // Strapi sends the entry as its content-API output; tests read a field or two.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  entry: any;
  receivedAt: number;
}

/** A local endpoint that Strapi's own webhooks (Settings > Webhooks) post to; it keeps what arrives. */
export class StrapiWebhookReceiver {
  readonly events: ReceivedEvent[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        this.events.push({ event: body.event, model: body.model, entry: body.entry, receivedAt: Date.now() });
      } catch {
        // Not an event: ignored.
      }
      res.writeHead(200).end();
    });
  });
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/strapi-webhook`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The `entry.publish` events of the entry with this slug. */
  publishesOf(slug: string): ReceivedEvent[] {
    return this.events.filter((event) => event.event === 'entry.publish' && event.entry?.slug === slug);
  }
}

/**
 * Registers a Strapi webhook through the admin API. Strapi refuses loopback URLs when NODE_ENV is
 * production, so instances that register one run in development (see the test that uses this).
 */
export async function registerStrapiWebhook(baseUrl: string, token: string, url: string, events: string[]) {
  const response = await request(`${baseUrl}/admin/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: { name: 'frontend revalidation', url, headers: {}, events },
  });
  if (response.status !== 201)
    throw new Error(`creating the webhook failed: ${response.status} ${response.text}`);
}

/** Waits for `condition` (polled every 200 ms) or fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs: number
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
