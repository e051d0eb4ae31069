import { fitValue, type FittedValue } from './fit';
import type { AttributeSchema } from './schema';

/** What a description field is fitted from. */
export interface DescriptionSource {
  /** The meta description as sent, else the article's opening text. */
  description: string | undefined;
  /** The article's opening text: used when the description is under the field's minimum. */
  descriptionFallback: string;
  /** The title, description and text together: for an article too short for its opening text alone (built when asked). */
  descriptionDerived: () => string;
}

const ENDS_A_SENTENCE = /[.!?:;…]$/;

/**
 * The article's title, description and text as one text, each once (a piece another already holds is
 * skipped), each ending a sentence: what the article says about itself, for a description field whose
 * minimum neither the description nor the opening text reaches alone.
 */
export function derivedDescription(pieces: ReadonlyArray<string | undefined>): string {
  const kept: string[] = [];
  for (const piece of pieces) {
    const text = piece?.replace(/\s+/g, ' ').trim();
    if (!text || kept.some((other) => other.toLowerCase().includes(text.toLowerCase()))) continue;
    kept.push(ENDS_A_SENTENCE.test(text) ? text : `${text}.`);
  }
  return kept.join(' ');
}

/**
 * A description fitted to its field: trimmed to the maximum, or, under the minimum, the opening text;
 * when that is short too, the title, description and text together (with a warning naming the field),
 * so one short value does not leave out the component it is a required field of.
 */
export function fitDescription(
  field: string,
  attribute: AttributeSchema,
  source: DescriptionSource
): FittedValue {
  const fitted = fitValue(field, attribute, source.description, { fallback: source.descriptionFallback });
  if (fitted.value !== undefined || source.description === undefined || !attribute.minLength) return fitted;
  const derived = fitValue(field, attribute, source.descriptionDerived());
  if (derived.value === undefined) return fitted;
  return {
    ...derived,
    warnings: [
      `${field} was shorter than the field's minimum of ${attribute.minLength} characters, and so was the article's opening text; it was derived from the article's title, description and text instead.`,
    ],
  };
}
