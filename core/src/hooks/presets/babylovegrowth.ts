import { PRESET_OPTIONS } from '../endpoints';
import { definePreset } from '../preset';
import { oneArticle } from '../preset-helpers/deliveries';
import { idTitleAndSlug, isRecord, member, text } from '../preset-helpers/fields';

/**
 * BabyLoveGrowth's bodies start with the title as an `<h1>` and the hero image, both of which the
 * post shows apart: they are removed from the start of the body (as its public receivers do).
 */
export function withoutLeadingTitleAndHero(html: unknown, heroUrl: unknown): unknown {
  if (typeof html !== 'string') return html;
  let body = html.replace(/^\s*<h1\b[^>]*>[\s\S]*?<\/h1>\s*/i, '');
  const hero = text(heroUrl);
  if (hero) {
    const leadingImage = /^\s*(?:<p>\s*)?<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>(?:\s*<\/p>)?\s*/i.exec(
      body
    );
    if (leadingImage && leadingImage[1] === hero) body = body.slice(leadingImage[0].length);
  }
  return body;
}

/**
 * BabyLoveGrowth: `Authorization: Bearer <token>`; one article, bare or wrapped in `article`, with a
 * numeric id. Its test delivery is an ordinary article, so it lands like one. It wants a 200 within
 * 5 seconds or retries: an article with images takes longer, so deliveries are queued.
 */
export const babylovegrowthPreset = definePreset(PRESET_OPTIONS.babylovegrowth, {
  name: 'babylovegrowth',
  queued: true,
  auth: () => ({ kind: 'bearer' }),
  read(body, _request, options) {
    const wrapped = member(body, 'article');
    const article = isRecord(wrapped) ? wrapped : body;
    return oneArticle('publish', article, options.status, () => ({
      ...idTitleAndSlug(article),
      html: withoutLeadingTitleAndHero(member(article, 'content_html'), member(article, 'heroImageUrl')),
      markdown: member(article, 'content_markdown'),
      metaDescription: member(article, 'metaDescription'),
      imageUrl: member(article, 'heroImageUrl'),
      jsonLd: member(article, 'jsonLd'),
      language: member(article, 'languageCode'),
      publishedAt: member(article, 'createdAt'),
    }));
  },
});
