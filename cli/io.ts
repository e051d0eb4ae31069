import fs from 'node:fs/promises';
import path from 'node:path';

/** Where the CLI reads and writes: the process's own streams, unless a caller hands others (the tests run `main` in-process). */
export interface CliStreams {
  stdin: AsyncIterable<Buffer | string> & { isTTY?: boolean };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

let handed: CliStreams | undefined;
const streams = (): CliStreams => handed ?? process;

/** Routes the CLI's input and output through `next` (undefined: back to the process's streams). */
export function useCliStreams(next: CliStreams | undefined): void {
  handed = next;
}

export const out = (text: string) => streams().stdout.write(text);
export const err = (text: string) => streams().stderr.write(text);

/** Prints a value as JSON for scripts (`--json`). */
export const printJson = (value: unknown) => out(`${JSON.stringify(value, null, 2)}\n`);

/** The raw bytes of standard input, untouched (a signature is computed over exactly these). */
export async function readStdin(): Promise<Buffer> {
  const { stdin } = streams();
  if (stdin.isTTY) err('Reading standard input; end it with Ctrl-D.\n');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A JSON object from a file, or from standard input when the name is `-`. Errors name the file. */
export async function readJsonObject(file: string): Promise<Record<string, unknown>> {
  const name = file === '-' ? 'standard input' : path.resolve(file);
  let text: string;
  try {
    text = file === '-' ? (await readStdin()).toString('utf8') : await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${name}: ${(error as Error).message}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${name} must hold a JSON object.`);
  return value as Record<string, unknown>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Spec 5: the key travels only over HTTPS. Plain http is fine on this machine, so only warn elsewhere. */
export function warnIfKeyWouldTravelInClear(siteUrl: string): void {
  const url = new URL(siteUrl);
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    err(`warning: ${url.origin} is plain http; the API key is sent unencrypted. Use https.\n`);
  }
}
