import type * as React from 'react';

/**
 * Text that may wrap, and break inside a long word (a slug, an image URL, a payload path). The design
 * system's table keeps every cell on one line, so one long value pushed the next columns out of view.
 */
export const WRAPPING: React.CSSProperties = { whiteSpace: 'normal', overflowWrap: 'anywhere' };
