/**
 * Answers of the admin API for custom webhook endpoints (issue #42), shared by the server and the admin
 * page. A secret is sent once, in the answer that creates or regenerates it; never in a list.
 */
import type { PresetName } from './endpoints';

/** Where an endpoint is declared: created in the admin (editable), or the config's `webhookEndpoints` (read-only). */
export type HookEndpointSource = 'admin' | 'config';

export interface HookEndpointSecretStatus {
  /** The last characters of the current secret (admin endpoints only), so a person can tell secrets apart. */
  hint: string | null;
  /** When the current secret was generated or set (admin endpoints only). */
  createdAt: string | null;
  /** While a regenerated secret's predecessor still works: until when (ISO 8601); else null. */
  previousValidUntil: string | null;
}

/** One endpoint as the admin lists it. */
export interface HookEndpointSummary {
  /** The id in the URL, `/api/service/v1/hooks/<id>`. */
  id: string;
  source: HookEndpointSource;
  name: string;
  preset: PresetName;
  /** The preset's options as given (header names, JSON paths, status): nothing secret. */
  options: Record<string, unknown>;
  /** A disabled endpoint answers exactly as an unknown one (404). Config endpoints are always enabled. */
  enabled: boolean;
  /** True when its auth is `none`: the URL is the only secret. */
  unauthenticated: boolean;
  createdAt: string | null;
  /** The last delivery whose credentials were accepted (tests and pings included). */
  lastDeliveryAt: string | null;
  secret: HookEndpointSecretStatus;
}

/** The paths an endpoint answers at, each followed by its id: the REST one, then WordPress's spellings. */
export interface HookEndpointPaths {
  api: string;
  /** `/wp-json/service/v1/hooks/` and `/?rest_route=/service/v1/hooks/`, unless `wordpressPaths` is off. */
  wordpress: string[];
}

export interface HookEndpointsResponse {
  endpoints: HookEndpointSummary[];
  /** Strapi's absolute `server.url`, else null (the admin then uses the address it reaches Strapi at). */
  cmsUrl: string | null;
  paths: HookEndpointPaths;
  /** How long a regenerated secret's predecessor keeps working (`hookSecretGraceSeconds`). */
  graceSeconds: number;
  /** Every preset this version has, and the article fields a Custom endpoint can map. */
  presets: PresetName[];
  customFields: string[];
}

/** Returned once, right after creation or regeneration: the only time the secret is seen. */
export interface HookEndpointSecretResponse {
  secret: string;
  endpoint: HookEndpointSummary;
}

/** `POST /hook-endpoints`. */
export interface CreateHookEndpointInput {
  name: string;
  preset: PresetName;
  options?: Record<string, unknown>;
  /** A secret the service generated and shows (at least 16 characters); absent: one is generated. */
  secret?: string;
  /** Required (true) when the options make the auth `none`: the owner says the URL is the only secret. */
  allowUnauthenticated?: boolean;
}

/** `PUT /hook-endpoints/:id`: any of these. */
export interface UpdateHookEndpointInput {
  name?: string;
  enabled?: boolean;
  options?: Record<string, unknown>;
  allowUnauthenticated?: boolean;
}

/** `POST /hook-endpoints/:id/secret`. */
export interface RegenerateHookSecretInput {
  secret?: string;
  /** True: the current secret stops working at once (a leaked one), with no grace period. */
  endPreviousNow?: boolean;
}
