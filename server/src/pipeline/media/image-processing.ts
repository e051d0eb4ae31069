import os from 'node:os';
import { createAdaptiveLimiter } from '../../../../core/src/images/adaptive-limiter';
import { createPixelBudget } from '../../../../core/src/images/pixel-budget';
import { readerActivity } from '../../common/reader-activity';

/**
 * The process's two gates for decoding images (Strapi's upload resizing into its formats, and the
 * plugin's decode check where Strapi's upload does not decode), whatever delivery or door an image
 * belongs to. Process state on purpose: they share out this machine's cores and this process's
 * memory, which another instance does not use.
 * - Cores: every core while the site is not being read; one fewer (at least one) while it is
 *   (common/reader-activity.ts), so that its readers keep a core (issue #42: with every core decoding,
 *   a reader's page waited 100 ms and more; issue #62: with one core fewer, a 20-image import took 1.37
 *   times Strapi's own upload of the same files on two cores).
 * - Memory: decoded pixels in flight (core/src/images/pixel-budget.ts).
 */
export const IMAGE_PROCESSING_SLOTS = os.availableParallelism();
const WHILE_READ = Math.max(1, IMAGE_PROCESSING_SLOTS - 1);

const cores = createAdaptiveLimiter((now) => {
  const readFor = readerActivity.readFor(now);
  return readFor > 0 ? { slots: WHILE_READ, askAgainInMs: readFor } : { slots: IMAGE_PROCESSING_SLOTS };
});
const pixels = createPixelBudget();

/** Runs `task` once a core slot is free, then once `imagePixels` fit in the pixel budget: always in this order. */
export const processImage = <T>(
  imagePixels: number,
  maxPixelsInFlight: number,
  task: () => Promise<T>
): Promise<T> => cores.run(() => pixels.run(imagePixels, maxPixelsInFlight, task));
