import type {
  GeneratedApiKeyResponse,
  GeneratedWebhookSecretResponse,
  SettingsPageResponse,
  TargetCheck,
  TargetSettings,
} from '../../../core/src/contracts';
import type { DryRunResponse } from '../../../core/src/dry-run';
import type {
  AgentTokenPlanResponse,
  CreatedAgentTokenResponse,
} from '../../../core/src/mcp/agent-token-api';
import { PLUGIN_ID } from '../pluginId';
import type { AdminFetchClient } from './fetch-client';

/** The settings admin API, typed with the contracts the server answers with. */
export const settingsApi = (client: AdminFetchClient) => ({
  read: async () => (await client.get<SettingsPageResponse>(`/${PLUGIN_ID}/settings`)).data,
  save: async (settings: object) =>
    (await client.put<SettingsPageResponse>(`/${PLUGIN_ID}/settings`, settings)).data,
  checkTarget: async (target: TargetSettings) =>
    (await client.post<TargetCheck>(`/${PLUGIN_ID}/settings/check`, target)).data,
  previewTarget: async (target: TargetSettings) =>
    (await client.post<DryRunResponse>(`/${PLUGIN_ID}/settings/preview`, target)).data,
  regenerateApiKey: async () => (await client.post<GeneratedApiKeyResponse>(`/${PLUGIN_ID}/api-key`)).data,
  regenerateWebhookSecret: async () =>
    (await client.post<GeneratedWebhookSecretResponse>(`/${PLUGIN_ID}/webhook-secret`, {})).data,
  /** The rights a token for an AI agent gets, and whether Strapi's MCP server is on. */
  agentTokenPlan: async () => (await client.get<AgentTokenPlanResponse>(`/${PLUGIN_ID}/agent-token`)).data,
  createAgentToken: async (input: { name?: string }) =>
    (await client.post<CreatedAgentTokenResponse>(`/${PLUGIN_ID}/agent-token`, input)).data,
});

export type SettingsApi = ReturnType<typeof settingsApi>;
