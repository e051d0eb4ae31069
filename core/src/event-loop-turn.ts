/**
 * Lets the event loop take a turn, so a request that arrived meanwhile (a reader of the site) is
 * answered before the next step of a publish. On SQLite every database call is synchronous, so a whole
 * publish otherwise runs as one unbroken chain of promises, and a reader who asked at its start waits
 * for its end (issue #30). A turn costs well under a millisecond.
 */
export function letReadersIn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
