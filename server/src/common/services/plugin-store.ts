import type { Core } from '@strapi/strapi';
import { openSecret, sealSecret } from '../../strapi/secret-encryption';
import { PLUGIN_ID } from '../plugin-id';

/** What is kept of a generated secret: its digest and a hint, never the secret itself. */
export interface StoredSecret {
  hash: string;
  hint: string;
  createdAt: string;
}

/** The webhook secret must be usable for HMAC, so it is kept encrypted rather than hashed. */
export interface StoredWebhookSecret {
  /** Encrypted with Strapi's admin encryption key, or plain when the app has none (warned). */
  value: string;
  encrypted: boolean;
  hint: string;
  createdAt: string;
}

const API_KEY_ENTRY = 'api-key';
const SETTINGS_ENTRY = 'settings';
const WEBHOOK_SECRET_ENTRY = 'webhook-secret';
const ORPHAN_SWEEP_ENTRY = 'orphan-sweep';
/** One entry per config endpoint (`hook-last-delivery:<id>`), so deliveries to two never overwrite each other. */
const HOOK_LAST_DELIVERY_ENTRY = 'hook-last-delivery';

/**
 * The one place that reads and writes the plugin's own state: secrets and the settings saved in the
 * admin. They live in Strapi's core store (the database), so every instance sees a change on its next
 * request; nothing is cached in process memory.
 */
const pluginStore = ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  return {
    /** When an instance last started the periodic orphan sweep (ms since the epoch), 0 if none did. */
    async getLastOrphanSweep(): Promise<number> {
      const value = (await store().get({ key: ORPHAN_SWEEP_ENTRY })) as { startedAt?: unknown } | null;
      return typeof value?.startedAt === 'number' ? value.startedAt : 0;
    },
    async setLastOrphanSweep(startedAt: number): Promise<void> {
      await store().set({ key: ORPHAN_SWEEP_ENTRY, value: { startedAt } });
    },

    /** Settings saved in the admin; not validated here (the config service checks them). */
    async getSettings(): Promise<unknown> {
      return (await store().get({ key: SETTINGS_ENTRY })) ?? {};
    },

    async setSettings(settings: object): Promise<void> {
      await store().set({ key: SETTINGS_ENTRY, value: settings });
    },

    async getApiKey(): Promise<StoredSecret | null> {
      const value = (await store().get({ key: API_KEY_ENTRY })) as StoredSecret | null | undefined;
      return value && typeof value.hash === 'string' ? value : null;
    },
    async setApiKey(record: StoredSecret): Promise<void> {
      await store().set({ key: API_KEY_ENTRY, value: record });
    },

    async getWebhookSecret(): Promise<{ secret: string; hint: string; createdAt: string } | null> {
      const record = (await store().get({ key: WEBHOOK_SECRET_ENTRY })) as
        | StoredWebhookSecret
        | null
        | undefined;
      if (!record || typeof record.value !== 'string') return null;
      const secret = openSecret(strapi, record, 'the stored webhook secret');
      if (!secret) return null;
      return { secret, hint: record.hint, createdAt: record.createdAt };
    },

    async setWebhookSecret(secret: string, hint: string): Promise<string> {
      const sealed = sealSecret(strapi, secret, 'the webhook secret');
      const createdAt = new Date().toISOString();
      const record: StoredWebhookSecret = { ...sealed, hint, createdAt };
      await store().set({ key: WEBHOOK_SECRET_ENTRY, value: record });
      return createdAt;
    },

    /** When a config endpoint last took a delivery (ISO 8601), or null. */
    async getHookLastDelivery(endpointId: string): Promise<string | null> {
      const value = (await store().get({ key: `${HOOK_LAST_DELIVERY_ENTRY}:${endpointId}` })) as {
        at?: unknown;
      } | null;
      return typeof value?.at === 'string' ? value.at : null;
    },
    async setHookLastDelivery(endpointId: string, at: Date): Promise<void> {
      await store().set({
        key: `${HOOK_LAST_DELIVERY_ENTRY}:${endpointId}`,
        value: { at: at.toISOString() },
      });
    },
  };
};

export type PluginStoreService = ReturnType<typeof pluginStore>;
export default pluginStore;
