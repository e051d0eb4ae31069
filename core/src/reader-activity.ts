/**
 * Whether the site is being read (issue #62): a request this process answers is a reader unless it
 * waits on image work itself (a publish importing its images, a WordPress media upload). The site
 * counts as read while a reader is in flight and for `quietMs` after the last one ended, so a page
 * that asks for its parts one after another, or a reader every 20 ms, is one reading stretch.
 */
export function createReaderActivity(quietMs: number) {
  let readersInFlight = 0;
  let lastReaderEndedAt = Number.NEGATIVE_INFINITY;
  const inFlight = new WeakSet<object>();
  const imageWork = new WeakSet<object>();

  return {
    started(request: object): void {
      inFlight.add(request);
      readersInFlight++;
    },
    /** The request waits on image work from now on: no reader (a request not seen starting is ignored). */
    waitsOnImages(request: object): void {
      if (!inFlight.has(request) || imageWork.has(request)) return;
      imageWork.add(request);
      readersInFlight--;
    },
    ended(request: object, now: number): void {
      if (!inFlight.has(request)) return;
      inFlight.delete(request);
      if (imageWork.has(request)) return;
      readersInFlight--;
      lastReaderEndedAt = now;
    },
    /** How many ms more the site counts as read (0: nobody is reading). */
    readFor(now: number): number {
      if (readersInFlight > 0) return quietMs;
      return Math.max(0, lastReaderEndedAt + quietMs - now);
    },
  };
}

export type ReaderActivity = ReturnType<typeof createReaderActivity>;
