import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment without the variables the CLI reads secrets from, so its options alone decide. */
function withoutSecrets(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.ARTICLE_PUBLISHER_API_KEY;
  delete env.ARTICLE_PUBLISHER_WEBHOOK_SECRET;
  return env;
}

/**
 * Runs a command asynchronously (so a local server in this process can answer it), feeding `input`;
 * `env` adds variables (the secrets a user exported) to the secret-free environment.
 */
export function runCommand(
  command: string,
  args: string[],
  input = '',
  cwd = repoRoot,
  env: NodeJS.ProcessEnv = {}
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...withoutSecrets(), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Runs `article-publisher` from the checkout, as `npm run cli` does. */
export const runCli = (args: string[], input = '', env: NodeJS.ProcessEnv = {}) =>
  runCommand(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'cli', 'index.ts'), ...args],
    input,
    repoRoot,
    env
  );
