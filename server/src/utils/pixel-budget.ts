import { createPixelBudget } from '../../../core/src/images/pixel-budget';

/**
 * Decoded pixels in flight, shared by every image this process decodes (imports and WordPress
 * uploads): it bounds this process's memory, so it is deliberately process state (each instance has
 * its own memory to protect).
 */
export const processPixelBudget = createPixelBudget();
