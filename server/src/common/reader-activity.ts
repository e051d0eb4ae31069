import type { Core } from '@strapi/strapi';
import { createReaderActivity } from '../../../core/src/reader-activity';
import { currentRequest } from '../strapi/request-context';

/**
 * How long after its last reader the site still counts as read (issue #62). A page's parts, or a
 * reader polling every 20 ms, fall within it; an editor's or a health check's occasional request holds
 * image work back for at most this long.
 */
export const READER_QUIET_MS = 1_000;

/**
 * The site's readers as this process sees them: process state on purpose, since it shares out this
 * process's cores (pipeline/media/image-processing.ts) and another instance answers its own readers.
 */
export const readerActivity = createReaderActivity(READER_QUIET_MS);

/** App middleware: every request this process answers, from the moment it reaches the plugin's middleware. */
export const trackReaders =
  () =>
  async (ctx: object, next: () => Promise<unknown>): Promise<void> => {
    readerActivity.started(ctx);
    try {
      await next();
    } finally {
      readerActivity.ended(ctx, performance.now());
    }
  };

/** The request being answered, if any, waits on image work from now on: it is not a reader. */
export function requestWaitsOnImages(strapi: Core.Strapi): void {
  const request = currentRequest(strapi);
  if (request) readerActivity.waitsOnImages(request);
}
