import agentTokens from './agent-tokens';

/** The MCP door's credentials: the admin token an AI agent connects with. */
export const mcpServices = {
  'agent-tokens': agentTokens,
};
