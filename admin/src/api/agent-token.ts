import type {
  AgentTokenPlanResponse,
  CreatedAgentTokenResponse,
} from '../../../core/src/mcp/agent-token-api';
import { PLUGIN_ID } from '../pluginId';
import type { AdminFetchClient } from './fetch-client';

const BASE = `/${PLUGIN_ID}/agent-token`;

/** The admin API that connects an AI agent, typed with the shapes the server answers with. */
export const agentTokenApi = (client: AdminFetchClient) => ({
  plan: async () => (await client.get<AgentTokenPlanResponse>(BASE)).data,
  create: async (input: { name?: string }) =>
    (await client.post<CreatedAgentTokenResponse>(BASE, input)).data,
});

export type AgentTokenApi = ReturnType<typeof agentTokenApi>;
