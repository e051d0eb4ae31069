/**
 * SEO plugins' post meta keys, as publishing services send them in `meta`. WordPress core drops keys no
 * plugin registered; this site keeps them: they fill the target's SEO role like the service contract's
 * meta_description and focus_keyword, and the post's `meta` echoes what was kept.
 */
const KEYS = {
  title: ['_yoast_wpseo_title', 'rank_math_title', '_aioseo_title', '_seopress_titles_title'],
  description: [
    '_yoast_wpseo_metadesc',
    'rank_math_description',
    '_aioseo_description',
    '_seopress_titles_desc',
  ],
  /** Rank Math and AIOSEO take several, comma-separated: the first is the focus keyword. */
  keywords: [
    '_yoast_wpseo_focuskw',
    'rank_math_focus_keyword',
    '_aioseo_keywords',
    '_seopress_analysis_target_kw',
  ],
} as const;

export const SEO_META_KEYS: readonly string[] = Object.values(KEYS).flat();

export interface SeoMeta {
  metaTitle: string | undefined;
  metaDescription: string | undefined;
  focusKeyword: string | undefined;
  secondaryKeywords: string[];
  /** The recognised keys with text values: what the post's `meta` answers. */
  kept: Record<string, string>;
}

/**
 * Yoast's `%%title%%` / Rank Math's `%title%` variables: the title and the separator are filled in,
 * other variables (site name, page number, ...) are dropped, since they are the frontend's to render.
 */
export function expandTitleVariables(template: string, title: string): string {
  return template
    .replace(/%%?title%%?/g, title)
    .replace(/%%?sep%%?/g, '-')
    .replace(/%%?[a-z_]+%%?/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s-]+|[\s-]+$/g, '');
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** The SEO values in a post's `meta`; the first key of each kind that has text wins. */
export function seoFromMeta(meta: Record<string, unknown> | undefined, title: string): SeoMeta {
  const kept: Record<string, string> = {};
  for (const key of SEO_META_KEYS) {
    const value = textOf(meta?.[key]);
    if (value !== undefined) kept[key] = value;
  }
  const first = (keys: readonly string[]) => keys.map((key) => kept[key]).find(Boolean);
  const titleTemplate = first(KEYS.title);
  const keywords = (first(KEYS.keywords) ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
  return {
    metaTitle: titleTemplate ? expandTitleVariables(titleTemplate, title) || undefined : undefined,
    metaDescription: first(KEYS.description),
    focusKeyword: keywords[0],
    secondaryKeywords: keywords.slice(1),
    kept,
  };
}
