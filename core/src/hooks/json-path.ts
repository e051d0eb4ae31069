/**
 * Reading a value at a path such as `data.post.title`, `images[0].url` or `tags[].name` (a Custom
 * endpoint's field map). `[n]` picks an array's entry; `[]` reads the rest of the path in every entry
 * and answers the array of what was found. A path that leads nowhere answers undefined.
 */
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function walk(value: unknown, steps: readonly Step[]): unknown {
  if (steps.length === 0) return value;
  const [step, ...rest] = steps;
  if ('key' in step) {
    // Own keys only: `__proto__` or `constructor` in a path never reach the prototype.
    return isRecord(value) && Object.hasOwn(value, step.key) ? walk(value[step.key], rest) : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  if ('index' in step) return walk(value[step.index], rest);
  return value.map((entry) => walk(entry, rest)).filter((found) => found !== undefined);
}

export function readPath(value: unknown, path: string): unknown {
  return walk(value, pathSteps(path));
}
