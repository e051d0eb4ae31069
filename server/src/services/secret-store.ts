import type { Core } from '@strapi/strapi';
import { PLUGIN_ID } from '../utils/plugin-id';

/** What is kept of a generated secret: its digest and a hint, never the secret itself. */
export interface StoredSecret {
  hash: string;
  hint: string;
  createdAt: string;
}

const API_KEY_ENTRY = 'api-key';

/**
 * The one place that reads and writes the plugin's secrets. They live in Strapi's core store (the
 * database), so every instance sees a change on its next request.
 */
const secretStore = ({ strapi }: { strapi: Core.Strapi }) => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  return {
    async getApiKey(): Promise<StoredSecret | null> {
      const value = (await store().get({ key: API_KEY_ENTRY })) as StoredSecret | null | undefined;
      return value && typeof value.hash === 'string' ? value : null;
    },
    async setApiKey(record: StoredSecret): Promise<void> {
      await store().set({ key: API_KEY_ENTRY, value: record });
    },
  };
};

export type SecretStoreService = ReturnType<typeof secretStore>;
export default secretStore;
