import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AuthScheme } from './auth';
import { PRESET_NAMES, presetOptionIssues, type PresetName } from './endpoints';
import { PRESETS } from './presets';

/**
 * Custom webhook endpoints created in the admin (issue #42), framework-free: their generated ids and
 * secrets, the admin API's request bodies, and which secrets an endpoint accepts at a given moment.
 */

/** A secret an owner pastes (one the service generated) must be at least this long, as the webhook secret. */
export const HOOK_SECRET_MIN_LENGTH = 16;

/**
 * A new endpoint's id: 24 random bytes (192 bits), base64url, so 32 URL-safe characters. With auth
 * `none` the URL is the only secret, so it must be as unguessable as a secret.
 */
export function generateEndpointId(): string {
  return randomBytes(24).toString('base64url');
}

/** A new signing secret or token: 32 random bytes as 64 hex characters, which every service accepts. */
export function generateEndpointSecret(): string {
  return randomBytes(32).toString('hex');
}

/** Whether a scheme lets a request through without any credential. */
export function isUnauthenticated(scheme: AuthScheme): boolean {
  switch (scheme.kind) {
    case 'none':
      return true;
    case 'any':
      return scheme.schemes.some(isUnauthenticated);
    case 'all':
      return scheme.schemes.every(isUnauthenticated);
    default:
      return false;
  }
}

/** Whether a preset with these (valid) options has no credential at all. */
export function presetIsUnauthenticated(preset: PresetName, options: unknown): boolean {
  return isUnauthenticated(PRESETS[preset].auth(options ?? {}));
}

/** The secrets a stored endpoint accepts at `now`: its current one, and its predecessor within the grace period. */
export function secretsInForce(
  record: { secret: string; previousSecret: string | null; previousValidUntil: Date | null },
  now: Date
): string[] {
  const previousValid =
    record.previousSecret !== null &&
    record.previousValidUntil !== null &&
    now.getTime() < record.previousValidUntil.getTime();
  return previousValid ? [record.secret, record.previousSecret as string] : [record.secret];
}

const name = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(200, 'must be at most 200 characters');
const givenSecret = z
  .string()
  .trim()
  .min(HOOK_SECRET_MIN_LENGTH, `must be at least ${HOOK_SECRET_MIN_LENGTH} characters`)
  .max(500, 'must be at most 500 characters');
const options = z.record(z.string(), z.unknown());

/** The options of `preset`, checked with its schema; issues are reported under `options`. */
function checkOptions(
  preset: PresetName,
  given: Record<string, unknown> | undefined,
  allowUnauthenticated: boolean | undefined,
  context: z.RefinementCtx
): void {
  const issues = presetOptionIssues(preset, given ?? {});
  for (const issue of issues)
    context.addIssue({ code: 'custom', path: ['options', ...issue.path], message: issue.message });
  if (issues.length) return;
  if (presetIsUnauthenticated(preset, given) && allowUnauthenticated !== true)
    context.addIssue({
      code: 'custom',
      path: ['allowUnauthenticated'],
      message:
        'must be true for an endpoint without auth: anyone who learns its URL can then publish through it',
    });
}

/** `POST /hook-endpoints`. */
export const createHookEndpointBody = z
  .object({
    name,
    preset: z.enum(PRESET_NAMES, { error: `must be one of ${PRESET_NAMES.join(', ')}` }),
    options: options.optional(),
    secret: givenSecret.optional(),
    allowUnauthenticated: z.boolean().optional(),
  })
  .strict()
  .superRefine((body, context) =>
    checkOptions(body.preset, body.options, body.allowUnauthenticated, context)
  );

export type CreateHookEndpointBody = z.output<typeof createHookEndpointBody>;

/** `PUT /hook-endpoints/:id`; the options are checked against the endpoint's preset by `checkUpdate`. */
export const updateHookEndpointBody = z
  .object({
    name: name.optional(),
    enabled: z.boolean().optional(),
    options: options.optional(),
    allowUnauthenticated: z.boolean().optional(),
  })
  .strict();

export type UpdateHookEndpointBody = z.output<typeof updateHookEndpointBody>;

/**
 * An update's options against the endpoint's preset. An update without options (a new name, enabled or
 * not) is not asked again whether an endpoint without auth may stay so.
 */
export function checkUpdate(preset: PresetName, update: UpdateHookEndpointBody): z.ZodError | null {
  if (update.options === undefined) return null;
  const result = z
    .unknown()
    .superRefine((_value, context) =>
      checkOptions(preset, update.options, update.allowUnauthenticated, context)
    )
    .safeParse(null);
  return result.success ? null : result.error;
}

/** `POST /hook-endpoints/:id/secret`. */
export const regenerateHookSecretBody = z
  .object({ secret: givenSecret.optional(), endPreviousNow: z.boolean().optional() })
  .strict();

export type RegenerateHookSecretBody = z.output<typeof regenerateHookSecretBody>;
