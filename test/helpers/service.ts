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
  return response.json.data as { id: number; name: string; parent: { name: string } | null }[];
}
