/**
 * A callback that never throws into the event loop. Node calls event handlers, I/O callbacks and
 * timers from the event loop, outside every try/catch and promise of ours: a throw there is an
 * uncaught exception, and an uncaught exception ends the process (for Strapi, the whole site). A throw
 * goes to `onThrow` instead: the rejection of the promise the callback serves, or a log line.
 */
export function guarded<A extends unknown[]>(
  callback: (...args: A) => void,
  onThrow: (error: unknown) => void
): (...args: A) => void {
  return (...args: A) => {
    try {
      callback(...args);
    } catch (error) {
      onThrow(error);
    }
  };
}
