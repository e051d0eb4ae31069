/** Answers of the admin API that connects an AI agent (an admin token for the MCP tools); the key is answered once. */

/** One right the token is given: a Strapi admin permission, and what it is called in Strapi's roles page. */
export interface AgentRight {
  action: string;
  /** The content type the right is on; null for a right on no content type (plugin actions, uploads). */
  subject: string | null;
  /** e.g. "Content Manager: Create (Article)", "Article Publisher: Read activity". */
  label: string;
}

/**
 * Whether Strapi's MCP server serves the tools: `on`; `off` (the site's config does not enable it);
 * `absent` (a Strapi release without one, before 5.47).
 */
export type McpServerState = 'on' | 'off' | 'absent';

/** `GET /agent-token`: what a token would be given, and whether an agent can connect. */
export interface AgentTokenPlanResponse {
  mcp: McpServerState;
  /** How to turn the server on (or why it cannot be), when it is not on. */
  message: string | null;
  /** Where the server answers, below the site's URL. */
  mcpPath: string;
  /** The rights the plugin's tools need, exactly: what the token will be given. */
  rights: AgentRight[];
}

/** `POST /agent-token`: the created admin token, its key answered this once (Strapi keeps only its hash and a copy its owner may read). */
export interface CreatedAgentTokenResponse {
  /** The admin token: the `Authorization: Bearer` value of the agent's requests to `/mcp`. */
  accessKey: string;
  token: { id: number; name: string; rights: AgentRight[] };
  mcpPath: string;
}
