import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error';

type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/** Options every command takes. */
export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs;

/** Options of the commands that call a site's publishing API. */
export const SITE_OPTIONS = {
  site: { type: 'string' },
  key: { type: 'string' },
  'api-prefix': { type: 'string' },
  'timeout-ms': { type: 'string' },
} as const satisfies OptionSpecs;

/** What `util.parseArgs` returns for these options in strict mode (spelled out so declarations can name it). */
export type ParsedCommandArgs<Options extends OptionSpecs> = ReturnType<
  typeof parseArgs<{ args: string[]; options: Options; strict: true; allowPositionals: true }>
>;

/** `util.parseArgs` in strict mode, its errors turned into usage errors (exit code 2). */
export function parseCommandArgs<Options extends OptionSpecs>(
  args: string[],
  options: Options
): ParsedCommandArgs<Options> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))
      throw new UsageError((error as Error).message);
    throw error;
  }
}

/** As `parseCommandArgs`, for a command that calls a site: the common and site options, and its own. */
export function parseSiteCommandArgs<Options extends OptionSpecs>(
  args: string[],
  options: Options
): ParsedCommandArgs<typeof COMMON_OPTIONS & typeof SITE_OPTIONS & Options> {
  return parseCommandArgs(args, { ...COMMON_OPTIONS, ...SITE_OPTIONS, ...options });
}

/** A required option, or the environment variable that may stand in for it (keeps secrets out of shell history). */
export function requiredOption(
  value: string | undefined,
  flag: string,
  environmentVariable?: string
): string {
  const resolved = value ?? (environmentVariable ? process.env[environmentVariable] : undefined);
  if (resolved) return resolved;
  const alternative = environmentVariable ? ` (or set ${environmentVariable})` : '';
  throw new UsageError(`--${flag} is required${alternative}.`);
}

export function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`--${flag} must be a positive integer, got "${value}".`);
  return Number(value);
}

/** An http(s) URL option, checked before any request is made. */
export function httpUrl(value: string, flag: string): string {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value))
    throw new UsageError(`--${flag} must be an http(s) URL, got "${value}".`);
  return value;
}

export function exactlyPositionals(positionals: string[], names: string[]): string[] {
  if (positionals.length !== names.length) {
    const expected = names.length ? names.map((name) => `<${name}>`).join(' ') : 'no arguments';
    throw new UsageError(
      `expected ${expected}, got ${positionals.length ? positionals.map((p) => `"${p}"`).join(' ') : 'none'}.`
    );
  }
  return positionals;
}
