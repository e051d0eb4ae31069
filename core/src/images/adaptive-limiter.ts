/**
 * How many tasks may run now, and, when that is fewer than the most ever allowed, in how many ms the
 * answer may change (the limiter asks again then, or as soon as a task ends).
 */
export type SlotLimit = (now: number) => { slots: number; askAgainInMs?: number };

/** The clock the limiter reads and sets its timer on (tests give a fake one). */
export interface LimiterClock {
  now(): number;
  setTimeout(run: () => void, ms: number): { unref?: () => void };
}

const realClock: LimiterClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
};

/**
 * A gate like createLimiter (concurrency.ts) whose limit is read again at each admission: tasks start
 * in arrival order while fewer than `limit(now).slots` run. A limit that rises (issue #62: every core
 * for image work once the site's readers are quiet) admits waiting tasks when the limiter asks again,
 * without waiting for a running task to end; a limit that falls lets the running tasks finish.
 */
export function createAdaptiveLimiter(limit: SlotLimit, clock: LimiterClock = realClock) {
  let active = 0;
  const waiting: (() => void)[] = [];
  let timerSet = false;

  function pump(): void {
    while (waiting.length) {
      const { slots, askAgainInMs } = limit(clock.now());
      if (active >= Math.max(1, slots)) {
        if (askAgainInMs !== undefined && !timerSet) {
          timerSet = true;
          // Never keeps the process alive on its own: a waiting task's own promise does.
          clock
            .setTimeout(
              () => {
                timerSet = false;
                pump();
              },
              Math.max(1, askAgainInMs)
            )
            .unref?.();
        }
        return;
      }
      active++;
      (waiting.shift() as () => void)();
    }
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await new Promise<void>((admit) => {
        waiting.push(admit);
        pump();
      });
      try {
        return await task();
      } finally {
        active--;
        pump();
      }
    },
    /** Tasks running now (for tests and diagnostics). */
    running: () => active,
  };
}
