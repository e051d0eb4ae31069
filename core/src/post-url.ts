/** Fills the post URL template; every placeholder value is URL-encoded except the site URL. */
export function renderPostUrl(
  template: string,
  values: { siteUrl: string; slug: string; documentId: string; id: number }
): string {
  return template
    .replaceAll('{siteUrl}', values.siteUrl.replace(/\/+$/, ''))
    .replaceAll('{slug}', encodeURIComponent(values.slug))
    .replaceAll('{documentId}', encodeURIComponent(values.documentId))
    .replaceAll('{id}', String(values.id));
}
