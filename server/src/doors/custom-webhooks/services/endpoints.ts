import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { keyHint } from '../../../../../core/src/api-key';
import {
  CUSTOM_FIELDS,
  findEndpoint,
  PRESET_NAMES,
  PRESET_OPTIONS,
  type PresetName,
  type WebhookEndpoint,
} from '../../../../../core/src/hooks/endpoints';
import type {
  HookEndpointSecretResponse,
  HookEndpointsResponse,
  HookEndpointSummary,
} from '../../../../../core/src/hooks/endpoints-api';
import {
  checkUpdate,
  generateEndpointId,
  generateEndpointSecret,
  presetIsUnauthenticated,
  secretsInForce,
  type CreateHookEndpointBody,
  type RegenerateHookSecretBody,
  type UpdateHookEndpointBody,
} from '../../../../../core/src/hooks/stored-endpoints';
import { WORDPRESS_REST_PREFIX, REST_ROUTE_PREFIX } from '../../../../../core/src/service-paths';
import { openSecret, sealSecret } from '../../../strapi/secret-encryption';
import { SERVICE_ROUTE_BASE } from '../../../common/plugin-id';
import { HOOK_ENDPOINT_UID } from '../../../common/plugin-tables';
import type { Collaborators } from '../../../common/collaborators';

/** What this service works with, handed in by server/src/services.ts. */
export type Uses = Pick<Collaborators, 'pluginConfig' | 'pluginStore' | 'siteInfo'>;

/** A stored endpoint's row (secrets as sealed by secret-encryption.ts). */
interface EndpointRow {
  id: number;
  endpointId: string;
  name: string;
  preset: string;
  options: Record<string, unknown> | null;
  enabled: boolean;
  secret: string;
  secretEncrypted: boolean;
  secretHint: string | null;
  secretCreatedAt: string | Date | null;
  previousSecret: string | null;
  previousSecretEncrypted: boolean | null;
  previousValidUntil: string | Date | null;
  lastDeliveryAt: string | Date | null;
  createdAt: string | Date;
}

/** An endpoint a request named, ready for the receiver: the secrets it accepts right now. */
export interface ResolvedHookEndpoint {
  endpoint: WebhookEndpoint;
  source: 'admin' | 'config';
  secrets: string[];
}

const SECRET_WHAT = 'a webhook endpoint secret';
const iso = (value: string | Date | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const isPresetName = (value: string): value is PresetName =>
  (PRESET_NAMES as readonly string[]).includes(value);

/** Whether the options are (still) valid for the preset: a stored endpoint survives preset changes. */
const validOptions = (preset: PresetName, options: unknown) =>
  PRESET_OPTIONS[preset].safeParse(options ?? {}).success;

const unauthenticated = (preset: PresetName, options: unknown) =>
  validOptions(preset, options) && presetIsUnauthenticated(preset, options);

/**
 * Custom webhook endpoints (issue #42): those the config declares (`webhookEndpoints`, read-only) and
 * those created in the admin, kept in the plugin's hidden `hook-endpoint` type with their secrets
 * encrypted (the HMAC presets need them back). Ids are unique across both. Everything lives in the
 * database and is read per request, so every instance agrees at once.
 */
const hookEndpoints = ({ strapi, uses }: { strapi: Core.Strapi; uses: Uses }) => {
  const rows = () => strapi.db.query(HOOK_ENDPOINT_UID);
  const configEndpoints = () => uses.pluginConfig.static().webhookEndpoints ?? [];
  const graceSeconds = () => uses.pluginConfig.static().hookSecretGraceSeconds;
  const rowOf = async (endpointId: string) =>
    (await rows().findOne({ where: { endpointId } })) as EndpointRow | null;

  /** The row an admin request names; a config endpoint or an unknown id is refused. */
  const editableRow = async (endpointId: string): Promise<EndpointRow & { preset: PresetName }> => {
    if (findEndpoint(configEndpoints(), endpointId))
      throw new errors.ApplicationError(
        'This endpoint is declared in the plugin config (webhookEndpoints); change it there.'
      );
    const row = await rowOf(endpointId);
    if (!row || !isPresetName(row.preset)) throw new errors.NotFoundError('No webhook endpoint has this id.');
    return row as EndpointRow & { preset: PresetName };
  };

  const configSummary = async (endpoint: WebhookEndpoint): Promise<HookEndpointSummary> => ({
    id: endpoint.id,
    source: 'config',
    name: endpoint.name ?? endpoint.id,
    preset: endpoint.preset,
    options: (endpoint.options ?? {}) as Record<string, unknown>,
    enabled: true,
    unauthenticated: unauthenticated(endpoint.preset, endpoint.options),
    createdAt: null,
    lastDeliveryAt: await uses.pluginStore.getHookLastDelivery(endpoint.id),
    secret: { hint: null, createdAt: null, previousValidUntil: null },
  });

  const rowSummary = (row: EndpointRow, now = new Date()): HookEndpointSummary => {
    const preset = row.preset as PresetName;
    const previousUntil =
      row.previousSecret && row.previousValidUntil ? new Date(row.previousValidUntil) : null;
    return {
      id: row.endpointId,
      source: 'admin',
      name: row.name,
      preset,
      options: row.options ?? {},
      enabled: Boolean(row.enabled),
      unauthenticated: unauthenticated(preset, row.options),
      createdAt: iso(row.createdAt),
      lastDeliveryAt: iso(row.lastDeliveryAt),
      secret: {
        hint: row.secretHint ?? null,
        createdAt: iso(row.secretCreatedAt),
        previousValidUntil: previousUntil && previousUntil > now ? previousUntil.toISOString() : null,
      },
    };
  };

  return {
    /** The list page: every endpoint (config ones first), the addresses' parts and the presets. */
    async page(): Promise<HookEndpointsResponse> {
      const config = await uses.pluginConfig.get();
      const restPrefix = String(strapi.config.get('api.rest.prefix', '/api'));
      const route = `${SERVICE_ROUTE_BASE}/hooks/`;
      const stored = (await rows().findMany({
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      })) as EndpointRow[];
      return {
        endpoints: [
          ...(await Promise.all(configEndpoints().map(configSummary))),
          ...stored.filter((row) => isPresetName(row.preset)).map((row) => rowSummary(row)),
        ],
        cmsUrl: uses.siteInfo.cmsUrl(),
        paths: {
          api: `${restPrefix}${route}`,
          wordpress: config.wordpressPaths
            ? [`${WORDPRESS_REST_PREFIX}${route}`, `${REST_ROUTE_PREFIX}${route}`]
            : [],
        },
        graceSeconds: graceSeconds(),
        presets: [...PRESET_NAMES],
        customFields: [...CUSTOM_FIELDS],
      };
    },

    /** Creates an endpoint with a new unguessable id; the answer is the only time its secret is sent. */
    async create(input: CreateHookEndpointBody): Promise<HookEndpointSecretResponse> {
      let endpointId = generateEndpointId();
      // 192 random bits never repeat in practice; the check keeps ids unique across config and database anyway.
      while (findEndpoint(configEndpoints(), endpointId) || (await rowOf(endpointId)))
        endpointId = generateEndpointId();
      const secret = input.secret ?? generateEndpointSecret();
      const sealed = sealSecret(strapi, secret, SECRET_WHAT);
      const row = (await rows().create({
        data: {
          endpointId,
          name: input.name,
          preset: input.preset,
          options: input.options ?? {},
          enabled: true,
          secret: sealed.value,
          secretEncrypted: sealed.encrypted,
          secretHint: keyHint(secret),
          secretCreatedAt: new Date(),
        },
      })) as EndpointRow;
      return { secret, endpoint: rowSummary(row) };
    },

    /** Renames, switches on or off, or changes the options of an endpoint created in the admin. */
    async update(endpointId: string, input: UpdateHookEndpointBody): Promise<HookEndpointSummary> {
      const row = await editableRow(endpointId);
      const invalid = checkUpdate(row.preset, input);
      if (invalid) throw invalid;
      const data = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.options !== undefined ? { options: input.options } : {}),
      };
      const updated = (await rows().update({ where: { id: row.id }, data })) as EndpointRow;
      return rowSummary(updated);
    },

    /**
     * A new secret (generated, or the one given). The current one keeps working beside it for
     * `hookSecretGraceSeconds`, unless `endPreviousNow`; a predecessor still in its grace period is dropped.
     */
    async regenerate(
      endpointId: string,
      input: RegenerateHookSecretBody
    ): Promise<HookEndpointSecretResponse> {
      const row = await editableRow(endpointId);
      const secret = input.secret ?? generateEndpointSecret();
      const sealed = sealSecret(strapi, secret, SECRET_WHAT);
      const now = new Date();
      const previous = input.endPreviousNow
        ? { previousSecret: null, previousSecretEncrypted: null, previousValidUntil: null }
        : {
            previousSecret: row.secret,
            previousSecretEncrypted: row.secretEncrypted,
            previousValidUntil: new Date(now.getTime() + graceSeconds() * 1000),
          };
      const updated = (await rows().update({
        where: { id: row.id },
        data: {
          secret: sealed.value,
          secretEncrypted: sealed.encrypted,
          secretHint: keyHint(secret),
          secretCreatedAt: now,
          ...previous,
        },
      })) as EndpointRow;
      return { secret, endpoint: rowSummary(updated, now) };
    },

    /** Deletes an endpoint created in the admin: its URL answers 404 at once, on every instance. */
    async remove(endpointId: string): Promise<void> {
      const row = await editableRow(endpointId);
      await rows().delete({ where: { id: row.id } });
    },

    /** The names of these endpoints (config or admin; null for one gone), for lists: no secret is opened. */
    async namesOf(endpointIds: string[]): Promise<Map<string, string | null>> {
      const ids = [...new Set(endpointIds)];
      const stored = ids.length
        ? ((await rows().findMany({
            select: ['endpointId', 'name'],
            where: { endpointId: { $in: ids } },
          })) as Pick<EndpointRow, 'endpointId' | 'name'>[])
        : [];
      return new Map(
        ids.map((id) => [
          id,
          findEndpoint(configEndpoints(), id)?.name ??
            stored.find((row) => row.endpointId === id)?.name ??
            null,
        ])
      );
    },

    /**
     * The endpoint a request's id names, with the secrets it accepts now; null for an unknown id and
     * for a disabled endpoint alike (the sender cannot tell them apart).
     */
    async find(endpointId: string, now = new Date()): Promise<ResolvedHookEndpoint | null> {
      const declared = findEndpoint(configEndpoints(), endpointId);
      if (declared) return { endpoint: declared, source: 'config', secrets: [declared.secret] };
      const row = await rowOf(endpointId);
      if (!row || !row.enabled) return null;
      if (!isPresetName(row.preset) || !validOptions(row.preset, row.options)) {
        strapi.log.error(
          `[article-publisher] the webhook endpoint "${row.name}" has a preset or options this version does not accept; its deliveries are refused until it is edited in the admin.`
        );
        return null;
      }
      const secret = openSecret(strapi, { value: row.secret, encrypted: row.secretEncrypted }, SECRET_WHAT);
      if (!secret) return null;
      const previousSecret = row.previousSecret
        ? openSecret(
            strapi,
            { value: row.previousSecret, encrypted: Boolean(row.previousSecretEncrypted) },
            SECRET_WHAT
          )
        : null;
      const previousValidUntil = row.previousValidUntil ? new Date(row.previousValidUntil) : null;
      return {
        endpoint: {
          id: row.endpointId,
          preset: row.preset,
          secret,
          name: row.name,
          options: row.options ?? {},
        },
        source: 'admin',
        secrets: secretsInForce({ secret, previousSecret, previousValidUntil }, now),
      };
    },

    /** Notes that an endpoint took a delivery whose credentials were accepted; a failed note never fails the delivery. */
    async recordDelivery(resolved: ResolvedHookEndpoint, at = new Date()): Promise<void> {
      try {
        if (resolved.source === 'config')
          await uses.pluginStore.setHookLastDelivery(resolved.endpoint.id, at);
        else
          await rows().update({ where: { endpointId: resolved.endpoint.id }, data: { lastDeliveryAt: at } });
      } catch (error) {
        strapi.log.warn(
          `[article-publisher] the last delivery of a webhook endpoint could not be noted: ${(error as Error).message}`
        );
      }
    },

    /**
     * At start: a config endpoint whose id an endpoint created in the admin already has would make one
     * URL name two endpoints. Such a config is refused, naming the entry, as the config validator does.
     */
    async assertUniqueIds(): Promise<void> {
      const declared = configEndpoints();
      if (!declared.length) return;
      const taken = (await rows().findMany({
        select: ['endpointId', 'name'],
        where: { endpointId: { $in: declared.map((endpoint) => endpoint.id) } },
      })) as Pick<EndpointRow, 'endpointId' | 'name'>[];
      if (!taken.length) return;
      const entries = taken.map((row) => {
        const index = declared.findIndex((endpoint) => endpoint.id === row.endpointId);
        return `"webhookEndpoints.${index}.id" is the id of the endpoint "${row.name}" created in the admin`;
      });
      throw new Error(
        `Invalid article-publisher config: ${entries.join('; ')}: each endpoint needs its own id.`
      );
    },
  };
};

export type HookEndpointsService = ReturnType<typeof hookEndpoints>;
export default hookEndpoints;
