import * as React from 'react';

/**
 * What `load` answers, read again whenever `load` changes (memoize it on what it asks for); null skips
 * the read. An answer that arrives after `load` changed is dropped, so a slow old page never replaces a
 * newer one.
 */
export function useLoaded<T>(load: (() => Promise<T>) | null): { data: T | null; failed: boolean } {
  const [data, setData] = React.useState<T | null>(null);
  const [failed, setFailed] = React.useState(false);
  React.useEffect(() => {
    if (!load) return;
    let current = true;
    load().then(
      (result) => current && (setData(result), setFailed(false)),
      () => current && setFailed(true)
    );
    return () => {
      current = false;
    };
  }, [load]);
  return { data, failed };
}
