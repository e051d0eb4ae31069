/**
 * How long a publish may keep the event loop before it lets it turn. Well under the readers' target
 * (issue #30: a reader waits at most 100 ms during a publish), and long enough that a small publish,
 * whose stages take a few milliseconds each, runs without giving turns away: a turn inside Strapi costs
 * one to three milliseconds (median 3 ms over 631 turns timed in the playground, BENCH_ONLY=commits),
 * a fifth of such a publish when taken between every stage.
 */
export const TURN_SLICE_MS = 10;

/** When a turn last came back to a publish (every publish of the process shares the one event loop). */
let lastTurn = 0;

/**
 * Lets the event loop take a turn when the caller has held it for a slice, so a request that arrived
 * meanwhile (a reader of the site) is answered before the next step of a publish. On SQLite every
 * database call is synchronous, so a whole publish otherwise runs as one unbroken chain of promises,
 * and a reader who asked at its start waits for its end (issue #30). Within a slice it resolves at
 * once, without a turn.
 */
export function letReadersIn(now: () => number = () => performance.now()): Promise<void> {
  if (now() - lastTurn < TURN_SLICE_MS) return Promise.resolve();
  return new Promise((resolve) =>
    setImmediate(() => {
      lastTurn = now();
      resolve();
    })
  );
}

/** One turn of the event loop, whatever the slice: what came in meanwhile (a reader's request) runs first. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
