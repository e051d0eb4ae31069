import { PRESET_OPTIONS, type PresetName } from '../endpoints';
import type { HookArticle } from '../hook-article';
import { definePreset, type HookPreset } from '../preset';
import { articlesOf } from '../preset-helpers/deliveries';
import { member } from '../preset-helpers/fields';

/** Arvow's and Journalist AI's article (one contract): HTML in `content`, no slug (it is derived from the title). */
export function arvowArticle(body: unknown): HookArticle {
  return {
    externalId: member(body, 'id'),
    title: member(body, 'title'),
    html: member(body, 'content'),
    markdown: member(body, 'content_markdown'),
    metaDescription: member(body, 'metadescription'),
    imageUrl: member(body, 'thumbnail'),
    imageAlt: member(body, 'thumbnail_alt_text'),
    tags: member(body, 'tags'),
    keywords: member(body, 'keyword_seed'),
    language: member(body, 'language_code'),
  };
}

/** Arvow and Journalist AI: the secret in X-SECRET; they attach the `url` of the 200 answer to the publication. */
export function arvowDialect(name: Extract<PresetName, 'arvow' | 'journalist'>): HookPreset {
  return definePreset(PRESET_OPTIONS[name], {
    name,
    auth: () => ({ kind: 'header', header: 'X-SECRET' }),
    read: (body, _request, options) => ({
      kind: 'articles',
      event: 'publish',
      articles: articlesOf([body], options.status, arvowArticle),
    }),
  });
}

export const arvowPreset = arvowDialect('arvow');
