/**
 * How long a regenerated endpoint secret's predecessor keeps working (`hookSecretGraceSeconds`). Apart
 * from stored-endpoints.ts so the config schema can name it without loading the presets.
 */
export const DEFAULT_HOOK_SECRET_GRACE_SECONDS = 24 * 60 * 60;
/** The longest grace period a config may set: a month. */
export const MAX_HOOK_SECRET_GRACE_SECONDS = 30 * 24 * 60 * 60;
