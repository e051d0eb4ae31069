import { spawn } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { useCliStreams } from '../../cli/io';
import { main } from '../../cli/main';
import { repoRoot } from './paths';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const SECRET_VARIABLES = ['ARTICLE_PUBLISHER_API_KEY', 'ARTICLE_PUBLISHER_WEBHOOK_SECRET'];

/** The environment without the variables the CLI reads secrets from, so its options alone decide. */
function withoutSecrets(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of SECRET_VARIABLES) delete env[name];
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

/**
 * Runs the CLI's `main` in this process (no Node start per call, which made the unit suite slow), with
 * `input` as standard input and the same secret-free environment plus `env`. One call at a time.
 */
export async function runCliInProcess(
  args: string[],
  input = '',
  env: NodeJS.ProcessEnv = {}
): Promise<CliRun> {
  const saved = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, process.env[name]]));
  for (const name of SECRET_VARIABLES) delete process.env[name];
  Object.assign(process.env, env);
  let stdout = '';
  let stderr = '';
  useCliStreams({
    stdin: Readable.from([Buffer.from(input)]),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    useCliStreams(undefined);
    for (const name of Object.keys(env)) delete process.env[name];
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
  }
}
