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

/**
 * WordPress refuses a page of posts past the last one, unless there are no posts at all (then any
 * page is an empty list); term and user lists past the end are empty lists.
 */
export function assertPostPageExists(total: number, page: number, perPage: number): void {
  if (total > 0 && page > Math.ceil(total / perPage)) {
    throw new WordPressError(
      'rest_post_invalid_page_number',
      'The page number requested is larger than the number of pages available.',
      400
    );
  }
}
