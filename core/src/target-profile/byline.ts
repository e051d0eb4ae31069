/**
 * The name a door knows of the person it publishes for (the application password's user, the admin
 * token's owner) as the article's author: trimmed, and never an e-mail address (an admin without a
 * name is shown by their login, which no door ever publishes), so such a person leaves the author to
 * the `authorName` setting.
 */
export function bylineOf(name: string | null | undefined): string | undefined {
  const byline = name?.trim();
  if (!byline || /\S@\S/.test(byline)) return undefined;
  return byline;
}
