import os from 'node:os';
import { createAdaptiveLimiter } from '../../../../core/src/images/adaptive-limiter';
import { createPixelBudget } from '../../../../core/src/images/pixel-budget';
import { readerActivity } from '../../common/reader-activity';

/**
 * The process's two gates for decoding images (Strapi's upload resizing into its formats, and the
 * plugin's decode check where Strapi's upload does not decode), whatever delivery or door an image
 * belongs to. Process state on purpose: they share out this machine's cores and this process's
 * memory, which another instance does not use.
 * - Cores: every core (and one image more) while the site is not being read; one fewer than the cores (at least one) while it is
 *   (common/reader-activity.ts), so that its readers keep a core (issue #42: with every core decoding,
 *   a reader's page waited 100 ms and more; issue #62: with one core fewer, a 20-image import took 1.37
 *   times Strapi's own upload of the same files on two cores).
 * - Memory: decoded pixels in flight (core/src/images/pixel-budget.ts).
 */
const CORES = os.availableParallelism();
/**
 * One more image than cores while the site is quiet: an image's turn is not all decoding (Strapi's
 * upload writes files, and the plugin's and Strapi's rows commit on the main thread), so with one image
 * per core the cores idle between them. Twenty 0.4 MB photos on two cores: 1.13 times Strapi's own
 * upload with two images at once, 0.94 with three, 0.92 with four (docs/benchmarks.md, issue #62).
 */
export const IMAGE_PROCESSING_SLOTS = CORES + 1;
const WHILE_READ = Math.max(1, CORES - 1);

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
