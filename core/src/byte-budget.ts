/**
 * A per-process allowance of bytes held at once (e.g. request bodies buffered before they are
 * authenticated). Reservations either fit whole or are refused; nothing waits.
 */
export class ByteBudget {
  private inUse = 0;

  constructor(readonly capacity: number) {}

  get reserved(): number {
    return this.inUse;
  }

  /** Reserves `bytes`; returns the function that gives them back (safe to call twice), or null when they do not fit. */
  tryReserve(bytes: number): (() => void) | null {
    if (bytes < 0 || this.inUse + bytes > this.capacity) return null;
    this.inUse += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse -= bytes;
    };
  }
}
