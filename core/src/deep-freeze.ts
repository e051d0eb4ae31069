/**
 * Freezes a value and everything it holds (plain objects, arrays, Maps' and Sets' own properties), so
 * a value shared between requests cannot be changed by one of them: a write throws in strict code.
 */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  return Object.freeze(value);
}
