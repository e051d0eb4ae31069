import type { GeneratedApiKeyResponse, SettingsResponse } from '../../../core/src/contracts';
import { PLUGIN_ID } from '../pluginId';

type FetchClient = {
  get: <T>(url: string) => Promise<{ data: T }>;
  post: <T>(url: string, body?: unknown) => Promise<{ data: T }>;
};

/** The admin API of the plugin, typed with the contracts the server answers with. */
export const settingsApi = (client: FetchClient) => ({
  read: async () => (await client.get<SettingsResponse>(`/${PLUGIN_ID}/settings`)).data,
  regenerateApiKey: async () => (await client.post<GeneratedApiKeyResponse>(`/${PLUGIN_ID}/api-key`)).data,
});
