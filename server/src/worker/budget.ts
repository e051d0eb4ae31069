/**
 * The parsing budget (issue #55 item 3): how long one body's task may run on its worker thread. The
 * clock starts when a thread takes the task, not when it is queued, so a body waiting behind a slow one
 * is not refused for another's time. Past the budget the task is aborted, which makes piscina stop
 * its thread (a converter busy in a loop hears nothing else) and start another for the next task.
 */
import type { Piscina } from 'piscina';
import { nextTurn } from '../../../core/src/event-loop-turn';

/** A task that tells the main thread when a thread starts it. */
export interface BudgetedTask {
  /**
   * Shared with the main thread (a SharedArrayBuffer): the time (Date.now()) a thread started the
   * task, 0 while it is queued. Shared memory instead of a message: a message channel per task, and
   * the main thread woken to read its message, cost 0.1 to 0.3 ms a body (issue #62).
   */
  startedAt?: BigInt64Array;
}

/** The worker's side: the first thing each budgeted task does. */
export function markStarted(task: BudgetedTask): void {
  if (task.startedAt) Atomics.store(task.startedAt, 0, BigInt(Date.now()));
}

/**
 * A task that does nothing: it makes the pool start a thread for the tasks queued behind an aborted one.
 * piscina (5.3) replaces a stopped thread only up to `minThreads` (1 here) and starts one when a task
 * is run; without this the tasks queued behind the others' threads wait for the next publish.
 */
export function wake(): void {}

/** What a refusal says of the budget, after the field's name. */
export const overBudgetProblem = (budgetMs: number) =>
  `took longer than the parsing budget of ${budgetMs / 1000} s to convert (the limit, parsingBudgetMs)`;

/**
 * Runs `name` on the pool; answers its result, or throws `overBudget()` once the task has run
 * `budgetMs` on its thread (the thread is stopped).
 */
export async function runTaskWithinBudget(
  pool: Piscina,
  task: object,
  name: string,
  budgetMs: number,
  overBudget: () => Error
): Promise<unknown> {
  const startedAt = new BigInt64Array(new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT));
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Looks again when the budget could be spent: a task still queued has not begun its time.
  const check = () => {
    const started = Number(Atomics.load(startedAt, 0));
    const left = started ? started + budgetMs - Date.now() : budgetMs;
    if (started && left <= 0) controller.abort();
    else timer = setTimeout(check, left);
  };
  timer = setTimeout(check, budgetMs);
  try {
    const budgeted: BudgetedTask = { ...task, startedAt };
    const reply: unknown = await pool.run(budgeted, { name, signal: controller.signal });
    // The reply was copied into this thread on the event loop (a large article's: tens of ms), and what
    // follows would run on in the same stretch: a turn first answers the requests that came meanwhile.
    await nextTurn();
    return reply;
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    if (pool.queueSize > 0) void pool.run(null, { name: 'wake' }).catch(() => undefined);
    throw overBudget();
  } finally {
    clearTimeout(timer);
  }
}
