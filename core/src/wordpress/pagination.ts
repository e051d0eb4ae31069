import { WordPressError } from './errors';

/** The headers of a list answer: totals and the neighbouring pages (RFC 8288 links, as WordPress sends). */
export function paginationHeaders(
  total: number,
  page: number,
  perPage: number,
  pageUrl: (page: number) => string
): Record<string, string> {
  const totalPages = Math.ceil(total / perPage);
  const links: string[] = [];
  if (page > 1 && page <= totalPages + 1) links.push(`<${pageUrl(page - 1)}>; rel="prev"`);
  if (page < totalPages) links.push(`<${pageUrl(page + 1)}>; rel="next"`);
  return {
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(totalPages),
    ...(links.length ? { Link: links.join(', ') } : {}),
  };
}

/** WordPress refuses a page past the last one (page 1 of an empty list is fine). */
export function assertPageExists(total: number, page: number, perPage: number, kind: 'post' | 'term'): void {
  const totalPages = Math.ceil(total / perPage);
  if (page > 1 && page > totalPages) {
    throw new WordPressError(
      `rest_${kind}_invalid_page_number`,
      'The page number requested is larger than the number of pages available.',
      400
    );
  }
}
