import * as React from 'react';

/**
 * `value`, once it has stayed the same for `delayMs`. Our own rather than Strapi's `useDebounce`, which
 * `@strapi/strapi/admin` exports only from 5.27: the admin must build on every 5.x the package supports.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
