/**
 * A large JSON array's text with the places it may be cut, so that it is parsed back a slice at a time
 * with turns of the event loop between slices. `JSON.parse` of the largest Blocks article's 11 MB text
 * held the event loop 130 to 140 ms, and the garbage it made 55 to 80 ms more, in one stretch: a reader
 * of the site waited for all of it (issue #62, docs/benchmarks.md). Cut between top-level elements, each
 * slice is itself a JSON array, and the whole is the same value `JSON.parse` would give.
 */

/** The JSON text of an array, the same text JSON.stringify gives, and where it may be cut. */
export interface SlicedJson {
  json: string;
  /**
   * Offsets of commas between top-level elements, about every `sliceChars` characters apart: the
   * text between two cuts (or a cut and a bracket) is a run of whole elements. Empty when the text is
   * no longer than one slice.
   */
  cuts: number[];
}

/**
 * The text JSON.stringify(elements) gives (an array's elements joined by commas, no spaces), with a cut
 * after the element that brings the current slice to `sliceChars` or more. Each element is stringified
 * on its own: the text is the same, and its length is known as it goes.
 */
export function stringifySliced(elements: readonly unknown[], sliceChars: number): SlicedJson {
  const parts: string[] = [];
  const cuts: number[] = [];
  // The offset the next element starts at: 1, after the opening bracket.
  let offset = 1;
  let sliceStart = 1;
  for (let index = 0; index < elements.length; index++) {
    // As JSON.stringify writes an array's element: null for what has no JSON text (undefined, a function).
    const part = (JSON.stringify(elements[index]) as string | undefined) ?? 'null';
    parts.push(part);
    offset += part.length;
    const last = index === elements.length - 1;
    if (!last && offset - sliceStart >= sliceChars) {
      cuts.push(offset);
      sliceStart = offset + 1;
    }
    // The comma after this element.
    offset += 1;
  }
  return { json: `[${parts.join(',')}]`, cuts };
}

/**
 * The array `json` holds, parsed a slice at a time (between its `cuts`), awaiting `turn` between
 * slices. Without cuts it is one JSON.parse, and no turn.
 */
export async function parseSliced({ json, cuts }: SlicedJson, turn: () => Promise<void>): Promise<unknown[]> {
  if (cuts.length === 0) return JSON.parse(json) as unknown[];
  const elements: unknown[] = [];
  let start = 1;
  for (const end of [...cuts, json.length - 1]) {
    if (start > 1) await turn();
    const slice = JSON.parse(`[${json.slice(start, end)}]`) as unknown[];
    // One by one: a spread of a long slice would pass its elements as arguments.
    for (const element of slice) elements.push(element);
    start = end + 1;
  }
  return elements;
}
