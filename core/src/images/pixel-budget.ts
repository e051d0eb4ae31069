/**
 * A budget of decoded pixels shared by every image import of this process. Decoding costs memory
 * in proportion to pixels, not to the bytes on the wire, so imports wait their turn here: several
 * small images decode together, while an image as big as the budget decodes alone. Waiters are
 * served in arrival order, so a big image is never starved by a stream of small ones.
 */
export interface PixelBudget {
  /** Runs `task` once `pixels` fit in `capacity` next to what is already decoding. */
  run<T>(pixels: number, capacity: number, task: () => Promise<T>): Promise<T>;
  /** Pixels currently granted (for tests and diagnostics). */
  inUse(): number;
}

interface Waiter {
  weight: number;
  capacity: number;
  admit: () => void;
}

export function createPixelBudget(): PixelBudget {
  let granted = 0;
  const queue: Waiter[] = [];

  function admitWaiters() {
    while (queue.length) {
      const next = queue[0];
      // An image larger than the whole budget still runs, alone.
      if (granted > 0 && granted + next.weight > next.capacity) return;
      queue.shift();
      granted += next.weight;
      next.admit();
    }
  }

  return {
    async run<T>(pixels: number, capacity: number, task: () => Promise<T>): Promise<T> {
      const weight = Math.min(Math.max(1, Math.ceil(pixels)), Math.max(1, capacity));
      await new Promise<void>((admit) => {
        queue.push({ weight, capacity, admit });
        admitWaiters();
      });
      try {
        return await task();
      } finally {
        granted -= weight;
        admitWaiters();
      }
    },
    inUse: () => granted,
  };
}
