import { signWebhook } from '../../core/src/webhook-signature';
import { request, type HttpResponse } from './http';

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
