/** One CLI command: its help text and its action, which resolves with the exit code. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}
