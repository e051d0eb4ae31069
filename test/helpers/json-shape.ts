/**
 * A JSON value's shape: its key names and JSON types, to a given depth, without the values. Two answers
 * with the same shape carry the same fields of the same kinds, whatever their ids, dates and URLs.
 */
export type JsonShape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'object'
  | 'array'
  | { array: JsonShape | 'empty' }
  | { object: Record<string, JsonShape> };

export function jsonShape(value: unknown, depth: number): JsonShape {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (depth === 0) return 'array';
    return { array: value.length ? jsonShape(value[0], depth - 1) : 'empty' };
  }
  if (typeof value === 'object') {
    if (depth === 0) return 'object';
    const keys = Object.keys(value as object).sort();
    return {
      object: Object.fromEntries(
        keys.map((key) => [key, jsonShape((value as Record<string, unknown>)[key], depth - 1)])
      ),
    };
  }
  return typeof value as 'string' | 'number' | 'boolean';
}

export interface ShapeOptions {
  /** Paths left out of the comparison. */
  ignore?: readonly string[];
  /** Paths compared by their JSON type only, not their keys (a list of capabilities, say). */
  typeOnly?: readonly string[];
  /** Paths whose keys in `actual` must be some of `expected`'s, each of the same shape (an index of routes). */
  subset?: readonly string[];
}

/** Where `actual` differs from `expected`, as readable lines (`a.b: missing`, `a: string, expected number`). */
export function shapeDifferences(
  expected: JsonShape,
  actual: JsonShape,
  options: ShapeOptions = {},
  at = ''
): string[] {
  const name = at || '(root)';
  if (options.typeOnly?.includes(at) || typeof expected === 'string' || typeof actual === 'string') {
    return describe(expected) === describe(actual)
      ? []
      : [`${name}: ${describe(actual)}, expected ${describe(expected)}`];
  }
  if ('array' in expected) {
    if (!('array' in actual)) return [`${name}: ${describe(actual)}, expected array`];
    // An empty list says nothing of its items' shape.
    if (expected.array === 'empty' || actual.array === 'empty') return [];
    return shapeDifferences(expected.array, actual.array, options, `${at}[]`);
  }
  if (!('object' in actual)) return [`${name}: ${describe(actual)}, expected object`];
  const lines: string[] = [];
  const keys = new Set([...Object.keys(expected.object), ...Object.keys(actual.object)]);
  const subset = options.subset?.includes(at) ?? false;
  for (const key of [...keys].sort()) {
    const where = at ? `${at}.${key}` : key;
    if (options.ignore?.includes(where)) continue;
    if (!(key in actual.object)) {
      if (!subset) lines.push(`${where}: missing`);
    } else if (!(key in expected.object)) lines.push(`${where}: not in WordPress's answer`);
    else lines.push(...shapeDifferences(expected.object[key], actual.object[key], options, where));
  }
  return lines;
}

function describe(shape: JsonShape): string {
  if (typeof shape === 'string') return shape;
  return 'array' in shape ? 'array' : 'object';
}
