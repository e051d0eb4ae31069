/** A command line the CLI cannot run: exit code 2 and a pointer to the help. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT_OK = 0;
/** A failed check or request. */
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
