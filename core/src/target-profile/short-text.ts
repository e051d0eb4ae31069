import type { NormalizedArticle } from '../article';
import { deriveSummary } from './derive';
import { fieldLimits, fitValue, type FittedValue } from './fit';
import type { FieldRef } from './profile';

/**
 * A required short text named like a tagline (`tagline`, `eslogan`, `Unterzeile`):
 * the meta description or the excerpt, whichever fits the field whole (within its minimum and
 * maximum length), else the first of them (the summary when the sender gave neither) cut at a word
 * to the field's limit, with the fit's warning.
 */
export function shortTextFor(slot: FieldRef, article: NormalizedArticle): FittedValue {
  const candidates = [article.seo.metaDescription, article.summary, deriveSummary(article)]
    .map((text) => text?.replace(/\s+/g, ' ').trim())
    .filter((text): text is string => Boolean(text));
  const { minLength = 0, maxLength = Infinity } = fieldLimits(slot.attribute);
  const whole = candidates.find((text) => text.length >= minLength && text.length <= maxLength);
  return fitValue(slot.field, slot.attribute, whole ?? candidates[0], {
    fallback: article.seo.descriptionFallback,
  });
}
