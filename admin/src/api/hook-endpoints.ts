import type {
  CreateHookEndpointInput,
  HookEndpointSecretResponse,
  HookEndpointsResponse,
  HookEndpointSummary,
  RegenerateHookSecretInput,
  UpdateHookEndpointInput,
} from '../../../core/src/hooks/endpoints-api';
import { PLUGIN_ID } from '../pluginId';
import type { AdminFetchClient } from './fetch-client';

const BASE = `/${PLUGIN_ID}/hook-endpoints`;
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** The webhook endpoints admin API, typed with the shapes the server answers with. */
export const hookEndpointsApi = (client: AdminFetchClient) => ({
  list: async () => (await client.get<HookEndpointsResponse>(BASE)).data,
  create: async (input: CreateHookEndpointInput) =>
    (await client.post<HookEndpointSecretResponse>(BASE, input)).data,
  update: async (id: string, input: UpdateHookEndpointInput) =>
    (await client.put<HookEndpointSummary>(one(id), input)).data,
  regenerate: async (id: string, input: RegenerateHookSecretInput) =>
    (await client.post<HookEndpointSecretResponse>(`${one(id)}/secret`, input)).data,
  remove: async (id: string) => {
    await client.del(one(id));
  },
});

export type HookEndpointsApi = ReturnType<typeof hookEndpointsApi>;
