/** WordPress's HAL-style `_links`: the relations its answers carry, as publishing clients read them. */

export type Links = Record<string, Array<Record<string, unknown>>>;

/** The `wp:` prefix WordPress declares on every object with `wp:` relations. */
export const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

export const link = (href: string, extra: Record<string, unknown> = {}) => [{ ...extra, href }];

/** `self` and `collection` of an object at `{apiRoot}/wp/v2/{base}/{id}`. */
export const ownLinks = (apiRoot: string, base: string, id: number) => ({
  self: link(`${apiRoot}/wp/v2/${base}/${id}`),
  collection: link(`${apiRoot}/wp/v2/${base}`),
});

/** The `wp:action-*` relations an editor is offered in `context=edit`: each points at the object itself. */
export const actionLinks = (self: string, actions: readonly string[]): Links =>
  Object.fromEntries(actions.map((action) => [`wp:action-${action}`, link(self)]));
