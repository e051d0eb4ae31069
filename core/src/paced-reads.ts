import { nextTurn } from './event-loop-turn';
/**
 * Reads announced ahead, run one at a time, each after the event loop has had a turn.
 *
 * Why: after a commit, Strapi re-reads every entry it wrote to build its entry events, all at once. On
 * SQLite (one connection, synchronous driver) the re-reads of an entry holding a large JSON body run back
 * to back with the commit: the body's parse and the garbage it leaves take about 120 ms each, and a
 * reader whose request comes in meanwhile waits for all of them (issue #30). Paced, a reader's request is
 * read and answered between two of them. Only reads announced with `expect` are paced; every other read
 * passes at once.
 */
export interface PacedReadsOptions {
  /** How long an announced read stays announced (a write that rolled back never reads it). */
  expectMs: number;
  /** The longest a read waits for the one before it (one that failed never says it is done). */
  holdMs: number;
  now?: () => number;
  /** Resolves after the event loop has had a turn (pending I/O included). */
  nextTurn?: () => Promise<void>;
}

/** Says that a paced read is done: the next one may start after a turn of the event loop. */
export type ReadDone = () => void;

export class PacedReads {
  private readonly expected = new Map<string, number>();
  private last: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly nextTurn: () => Promise<void>;

  constructor(private readonly options: PacedReadsOptions) {
    this.now = options.now ?? Date.now;
    this.nextTurn = options.nextTurn ?? nextTurn;
  }

  /** Announces reads by key: the next read of each key is paced. */
  expect(keys: readonly string[]): void {
    const until = this.now() + this.options.expectMs;
    for (const key of keys) this.expected.set(key, until);
  }

  /** Whether any read is announced: almost never, and every read of the site asks first. */
  get waiting(): boolean {
    return this.expected.size > 0;
  }

  /** Whether a read whose key starts with `prefix` is still announced (expired announcements forgotten). */
  expectsAny(prefix: string): boolean {
    this.forgetExpired();
    for (const key of this.expected.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  /** Whether the read of `key` is announced. */
  isExpected(key: string): boolean {
    return this.expected.has(key);
  }

  /**
   * Waits for the turn of an announced read of `key` (the one before it done, then a turn of the event
   * loop) and answers what the reader calls when done; undefined, at once, for a read not announced.
   */
  async take(key: string): Promise<ReadDone | undefined> {
    const until = this.expected.get(key);
    if (until === undefined) return undefined;
    this.expected.delete(key);
    this.forgetExpired();
    if (until < this.now()) return undefined;
    const previous = this.last;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const timer = setTimeout(finish, this.options.holdMs);
    timer.unref?.();
    this.last = done;
    await previous;
    await this.nextTurn();
    return () => {
      clearTimeout(timer);
      finish();
    };
  }

  /**
   * Resolves once every read taken so far is done and the event loop has had a turn after it (and one
   * before, so the reads a commit just started are taken): a writer about to hold the connection again
   * lets the announced reads of its last commit, and the readers who came meanwhile, go first.
   */
  async settled(): Promise<void> {
    await this.nextTurn();
    await this.last;
    await this.nextTurn();
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [key, until] of this.expected) if (until < now) this.expected.delete(key);
  }
}
