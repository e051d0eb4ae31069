import http from 'node:http';
import { signWebhook } from '../../core/src/webhook-signature';
import { readResponse, request, type HttpResponse } from './http';

export const WEBHOOK_PATH = '/api/service/v1/webhook';

export interface WebhookPostOptions {
  event?: string;
  /** Source address, to act as another client. */
  localAddress?: string;
}

/** Posts raw bytes to a webhook URL as they are, with this signature header (none when null). */
export function postWebhook(
  url: string,
  rawBody: string | Buffer,
  signature: string | null,
  { event = 'article.published', localAddress }: WebhookPostOptions = {}
): Promise<HttpResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'X-Service-Event': event };
  if (signature !== null) headers['X-Service-Signature'] = signature;
  return request(url, { method: 'POST', headers, body: Buffer.from(rawBody), localAddress });
}

/** Posts a raw body to the webhook route, signed as the service signs it unless a signature is given. */
export function deliver(
  baseUrl: string,
  rawBody: string | Buffer,
  secret: string,
  signature: string | null = signWebhook(rawBody, secret),
  event = 'article.published'
): Promise<HttpResponse> {
  return postWebhook(`${baseUrl}${WEBHOOK_PATH}`, rawBody, signature, { event });
}

/** The body of an `article.published` delivery of a short article; `padding` characters make it as large as needed. */
export function articleDeliveryBody(slug: string, articleId: number, padding = 0): Buffer {
  return Buffer.from(
    JSON.stringify({
      event: 'article.published',
      article_id: articleId,
      title: `Article ${slug}`,
      slug,
      html_content: `<p>Body text.${'x'.repeat(padding)}</p>`,
    })
  );
}

/** A signed `article.published` delivery of a short article, published on arrival. */
export function deliverArticle(
  baseUrl: string,
  secret: string,
  article: { articleId: number; title: string; slug: string; html: string }
): Promise<HttpResponse> {
  const payload = {
    event: 'article.published',
    article_id: article.articleId,
    title: article.title,
    slug: article.slug,
    html_content: article.html,
    target_status: 'publish',
  };
  return deliver(baseUrl, JSON.stringify(payload), secret);
}

/** A webhook request whose body is still being sent: the test decides when (and whether) more bytes follow. */
export interface HeldBody {
  /** The server's answer, whenever it comes (also before the body is complete). */
  response: Promise<HttpResponse>;
  /** Settles when the connection is closed, by either side. */
  closed: Promise<void>;
  write(bytes: Buffer): void;
  /** Closes the connection mid-body, as a client that gives up does. */
  abort(): void;
}

/**
 * Starts a webhook request that declares `declaredLength` bytes and sends only `firstBytes` of them,
 * over its own connection from `localAddress`. The signature header is well formed, so the receiver
 * gets as far as reading the body.
 */
export function holdWebhookBody(
  baseUrl: string,
  {
    localAddress,
    declaredLength,
    firstBytes,
  }: { localAddress: string; declaredLength: number; firstBytes: Buffer }
): HeldBody {
  const req = http.request(`${baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    agent: false,
    localAddress,
    headers: {
      'content-type': 'application/json',
      'content-length': String(declaredLength),
      'X-Service-Event': 'article.published',
      'X-Service-Signature': signWebhook('a body that never arrives', 'any secret 0123456789'),
    },
  });
  const closed = new Promise<void>((resolve) => req.on('close', () => resolve()));
  const response = new Promise<HttpResponse>((resolve, reject) => {
    req.on('response', (res) => readResponse(res).then(resolve, reject));
    req.on('error', reject);
  });
  // A request the test aborts has no answer to wait for.
  response.catch(() => undefined);
  req.flushHeaders();
  if (firstBytes.length) req.write(firstBytes);
  return {
    response,
    closed,
    write: (bytes) => void req.write(bytes),
    abort: () => req.destroy(),
  };
}
