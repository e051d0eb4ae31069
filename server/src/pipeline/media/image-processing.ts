import os from 'node:os';
import { createLimiter } from '../../../../core/src/images/concurrency';
import { createPixelBudget } from '../../../../core/src/images/pixel-budget';

/**
 * The process's two gates for decoding images (the plugin's decode check and Strapi's upload resizing
 * into its formats), whatever delivery or door an image belongs to. Process state on purpose: they share
 * out this machine's cores and this process's memory, which another instance does not use.
 * - Cores: one fewer than the machine has (at least one), so that the process keeps a core for answering
 *   the site's readers (issue #42: with every core decoding, a reader's page waited 100 ms and more).
 * - Memory: decoded pixels in flight (core/src/images/pixel-budget.ts).
 */
export const IMAGE_PROCESSING_SLOTS = Math.max(1, os.availableParallelism() - 1);

const cores = createLimiter(IMAGE_PROCESSING_SLOTS);
const pixels = createPixelBudget();

/** Runs `task` once a core slot is free, then once `imagePixels` fit in the pixel budget: always in this order. */
export const processImage = <T>(
  imagePixels: number,
  maxPixelsInFlight: number,
  task: () => Promise<T>
): Promise<T> => cores(() => pixels.run(imagePixels, maxPixelsInFlight, task));
