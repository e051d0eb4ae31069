import { isServiceRequestError } from '../core/src/toolkit';
import type { Command } from './command';
import { checkCommand } from './commands/check';
import { pingCommand } from './commands/ping';
import { publishCommand } from './commands/publish';
import { sanitizeCommand } from './commands/sanitize';
import { webhookCommand } from './commands/webhook';
import { err, out, printJson } from './io';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from './usage-error';

const COMMANDS: Command[] = [pingCommand, publishCommand, webhookCommand, sanitizeCommand, checkCommand];

const OVERVIEW = `article-publisher: the sending side of the Article Publisher contract

Usage: article-publisher <command> [options]   (article-publisher <command> --help for details)

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(10)} ${command.summary}`).join('\n')}

Exit codes: 0 success, 1 a failed check or request, 2 a usage error.
`;

const wantsHelp = (args: string[]) => args.includes('--help') || args.includes('-h');

/** Runs one command line and resolves with the exit code; never exits the process itself. */
export async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (!name) {
    err(OVERVIEW);
    return EXIT_USAGE;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    out(OVERVIEW);
    return EXIT_OK;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    err(`article-publisher: unknown command "${name}".\n\n${OVERVIEW}`);
    return EXIT_USAGE;
  }
  if (wantsHelp(rest)) {
    out(`${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    return reportError(error, command, rest.includes('--json'));
  }
}

function reportError(error: unknown, command: Command, json: boolean): number {
  if (error instanceof UsageError) {
    err(`article-publisher ${command.name}: ${error.message}\n\nUsage:\n${command.usage}\n`);
    return EXIT_USAGE;
  }
  if (isServiceRequestError(error)) {
    if (json)
      printJson({ ok: false, error: { code: error.code, message: error.message, status: error.status } });
    err(`Error: ${error.status ?? 'no answer'} ${error.code}: ${error.message}\n`);
    return EXIT_FAILURE;
  }
  if (json)
    printJson({ ok: false, error: { code: 'cli_error', message: (error as Error).message, status: null } });
  err(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT_FAILURE;
}
