import * as React from 'react';

/**
 * `copy(text)` resolves to whether the text reached the clipboard. Our own rather than Strapi's
 * `useClipboard`, which `@strapi/strapi/admin` exports only from 5.1 (the package supports 5.0).
 */
export function useCopyToClipboard(): { copy: (text: string) => Promise<boolean> } {
  const copy = React.useCallback(async (text: string) => {
    if (!text) return false;
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // No clipboard access (an insecure origin, a denied permission): the caller says nothing was copied.
      return false;
    }
  }, []);
  return { copy };
}
