/**
 * Reading a value at a path such as `data.post.title`, `images[0].url` or `tags[].name` (a Custom
 * endpoint's field map). `[n]` picks an array's entry; `[]` reads the rest of the path in every entry.
 * A path with a `[]` answers one flat list of what was found, however many `[]` it has
 * (`groups[].terms[].label`: every term of every group). A path that leads nowhere answers undefined.
 */
/** A path into the JSON body: `a.b`, `a[0].b`, `tags[].name`, `groups[].terms[].label`. */
export const JSON_PATH = /^[A-Za-z0-9_$@-]+(?:\[\d*\])*(?:\.[A-Za-z0-9_$@-]+(?:\[\d*\])*)*$/;

type Step = { key: string } | { index: number } | { each: true };

export function pathSteps(path: string): Step[] {
  const steps: Step[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]+)((?:\[\d*\])*)$/.exec(part);
    if (!match) throw new Error(`not a path: ${path}`);
    steps.push({ key: match[1] });
    for (const bracket of match[2].match(/\[\d*\]/g) ?? []) {
      const inner = bracket.slice(1, -1);
      steps.push(inner === '' ? { each: true } : { index: Number(inner) });
    }
  }
  return steps;
}

/** Whether a path reads a list (it has a `[]`), rather than one value. */
export function isListPath(path: string): boolean {
  return pathSteps(path).some((step) => 'each' in step);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every value the steps reach from `value`, appended to `found` (one level: every `[]` flattens). */
function collect(value: unknown, steps: readonly Step[], found: unknown[]): void {
  if (steps.length === 0) {
    if (value !== undefined) found.push(value);
    return;
  }
  const [step, ...rest] = steps;
  if ('key' in step) {
    // Own keys only: `__proto__` or `constructor` in a path never reach the prototype.
    if (isRecord(value) && Object.hasOwn(value, step.key)) collect(value[step.key], rest, found);
    return;
  }
  if (!Array.isArray(value)) return;
  if ('index' in step) collect(value[step.index], rest, found);
  else for (const entry of value) collect(entry, rest, found);
}

export function readPath(value: unknown, path: string): unknown {
  const steps = pathSteps(path);
  const found: unknown[] = [];
  collect(value, steps, found);
  return steps.some((step) => 'each' in step) ? found : found[0];
}
