/**
 * Counts the work of a body conversion: tree nodes visited and runs of text handled, and the HTML
 * parsed. A unit test reads it to show that the work grows in proportion to the body and that the
 * HTML is parsed once (issue #30), without timing anything.
 */
export class WorkMeter {
  /** Tree nodes visited and runs of text handled. */
  steps = 0;
  /** Characters of HTML parsed into a tree. */
  parsedCharacters = 0;

  add(steps: number): void {
    this.steps += steps;
  }
}
