/**
 * When a publish waiting for its post's locks gives up (503 `temporarily_unavailable`): when one
 * holder has kept them for `stuckAfterMs` (docs/api.md: "held its lock for over 60 s"), not when the
 * wait itself is that long. Fifty deliveries of one slug at once are served one after another, and on
 * a loaded machine the last waits longer than any one holds the locks: while the holders change, the
 * queue moves, and waiting on is what the sender wants. `maxWaitMs` still bounds a request's wait.
 */
export interface LockWaitLimits {
  stuckAfterMs: number;
  maxWaitMs: number;
}

export interface LockWait {
  /**
   * Another try found the locks held: by these holders, or by holders it could not read (`undefined`:
   * a deadlock victim's try reads nothing). True when the wait should end.
   */
  givesUp(holders: readonly string[] | undefined, now: number): boolean;
}

export function startLockWait({ stuckAfterMs, maxWaitMs }: LockWaitLimits, startedAt: number): LockWait {
  let seen = '';
  let since = startedAt;
  return {
    givesUp(holders, now) {
      if (holders) {
        const key = [...new Set(holders)].sort().join(' ');
        if (key !== seen) {
          seen = key;
          since = now;
        }
      }
      return now - since > stuckAfterMs || now - startedAt > maxWaitMs;
    },
  };
}
