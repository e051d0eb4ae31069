import assert from 'node:assert/strict';
import { request, type HttpResponse } from './http';

/** Calls integration A's publish endpoint the way the service does. */
export function publishPost(
  baseUrl: string,
  key: string,
  body: unknown,
  localAddress?: string
): Promise<HttpResponse> {
  return request(`${baseUrl}/api/service/v1/publish-post`, {
    method: 'POST',
    headers: { 'X-Service-Key': key },
    body,
    localAddress,
  });
}

/**
 * `count` publishes of one body sent at once, in turn to each of `baseUrls`; asserts that every one
 * succeeded (200 or 201) and that exactly one created the post.
 */
export async function publishAtOnce(
  baseUrls: string[],
  key: string,
  body: unknown,
  count: number
): Promise<HttpResponse[]> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) => publishPost(baseUrls[index % baseUrls.length], key, body))
  );
  for (const response of responses)
    assert.ok(response.status === 200 || response.status === 201, `${response.status} ${response.text}`);
  assert.equal(
    responses.filter((response) => response.status === 201).length,
    1,
    'exactly one request created the post'
  );
  return responses;
}

/** Reads an article back through Strapi's public REST API (draft or published version). */
export async function readArticle(baseUrl: string, slug: string, status: 'draft' | 'published' = 'draft') {
  const query = new URLSearchParams({
    'filters[slug][$eq]': slug,
    status,
    'populate[seo]': 'true',
    'populate[cover]': 'true',
    'populate[categories][populate][parent]': 'true',
  });
  const response = await request(`${baseUrl}/api/articles?${query}`);
  if (response.status !== 200) throw new Error(`reading ${slug} failed: ${response.status} ${response.text}`);
  return response.json.data as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- entries of the playground's Article
}

export async function countArticles(
  baseUrl: string,
  status: 'draft' | 'published' = 'draft'
): Promise<number> {
  const response = await request(`${baseUrl}/api/articles?status=${status}&pagination[pageSize]=1`);
  return response.json.meta.pagination.total as number;
}

export async function listCategories(baseUrl: string) {
  const response = await request(`${baseUrl}/api/categories?populate=parent&pagination[pageSize]=100`);
  return response.json.data as { id: number; name: string; slug: string; parent: { name: string } | null }[];
}
