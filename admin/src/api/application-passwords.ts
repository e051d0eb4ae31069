import type {
  ApplicationPasswordsResponse,
  CreatedApplicationPasswordResponse,
} from '../../../core/src/wordpress/application-passwords-api';
import { PLUGIN_ID } from '../pluginId';
import type { AdminFetchClient } from './fetch-client';

const BASE = `/${PLUGIN_ID}/application-passwords`;

/** The application passwords admin API, typed with the shapes the server answers with. */
export const applicationPasswordsApi = (client: AdminFetchClient) => ({
  list: async () => (await client.get<ApplicationPasswordsResponse>(BASE)).data,
  create: async (input: { name: string; appId?: string }) =>
    (await client.post<CreatedApplicationPasswordResponse>(BASE, input)).data,
  revoke: async (id: number) => {
    await client.del(`${BASE}/${id}`);
  },
});

export type ApplicationPasswordsApi = ReturnType<typeof applicationPasswordsApi>;
