import { CURIES, link, ownLinks } from './links';

/** A category or tag entry as the facade reads it. */
export interface TermView {
  id: number;
  name: string;
  slug: string;
  /** The parent category's id, 0 at the top level (tags have none). */
  parent: number;
  description: string;
  count: number;
}

export type Taxonomy = 'category' | 'post_tag';

/** The REST base of each taxonomy. */
export const TAXONOMY_BASE: Record<Taxonomy, 'categories' | 'tags'> = {
  category: 'categories',
  post_tag: 'tags',
};

/** A term in WordPress's shape (`GET /wp/v2/categories/{id}`); tags have no `parent`. */
export function termJson(term: TermView, taxonomy: Taxonomy, apiRoot: string, siteUrl: string) {
  const base = TAXONOMY_BASE[taxonomy];
  const archive = taxonomy === 'category' ? 'category' : 'tag';
  return {
    id: term.id,
    count: term.count,
    description: term.description,
    link: `${siteUrl}/${archive}/${term.slug}/`,
    name: term.name,
    slug: term.slug,
    taxonomy,
    ...(taxonomy === 'category' ? { parent: term.parent } : {}),
    meta: [],
    _links: {
      ...ownLinks(apiRoot, base, term.id),
      about: link(`${apiRoot}/wp/v2/taxonomies/${taxonomy}`),
      ...(taxonomy === 'category' && term.parent
        ? { up: link(`${apiRoot}/wp/v2/${base}/${term.parent}`, { embeddable: true }) }
        : {}),
      'wp:post_type': link(`${apiRoot}/wp/v2/posts?${base}=${term.id}`),
      curies: CURIES,
    },
  };
}
