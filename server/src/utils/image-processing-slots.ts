import os from 'node:os';
import { createLimiter } from '../../../core/src/images/concurrency';

/**
 * Image decodes and uploads (Strapi's upload service resizing into its formats) running at once in this
 * process, whatever delivery or door they belong to: one core fewer than the machine has, so that the
 * process that imports images keeps a core for answering the site's readers (issue #42: with every core
 * decoding, a reader's page waited 100 ms and more). Process state on purpose: it shares out this
 * machine's cores, which another instance does not use.
 */
export const IMAGE_PROCESSING_SLOTS = Math.max(1, os.availableParallelism() - 1);

export const processImageSlots = createLimiter(IMAGE_PROCESSING_SLOTS);
