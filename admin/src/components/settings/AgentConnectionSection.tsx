import { Alert, Box, Flex, Typography } from '@strapi/design-system';
import * as React from 'react';
import type { SettingsPageResponse } from '../../../../core/src/contracts';
import { desktopAgentConfig, mcpRemoteCommand, sdkSnippet } from '../../../../core/src/mcp/agent-config';
import type {
  AgentTokenPlanResponse,
  CreatedAgentTokenResponse,
} from '../../../../core/src/mcp/agent-token-api';
import { settingsApi } from '../../api/settings';
import { useAdminApi } from '../../hooks/useAdminApi';
import { useTranslate } from '../../hooks/useTranslate';
import { adminBackendUrl } from '../../utils/serviceAddresses';
import { RevealedSecretBox } from '../common/RevealedSecretBox';
import { useFeedback } from '../feedback/FeedbackProvider';
import { AgentSnippet } from './AgentSnippet';
import { Section } from './Section';
import { useNamedCreate } from '../../hooks/useNamedCreate';
import { NameAndCreate } from '../common/NameAndCreate';

/** The server's message of a refused request (Strapi's error body), else null. */
function refusalOf(error: unknown): string | null {
  const body = (error as { response?: { data?: { error?: { message?: unknown } } } }).response?.data;
  return typeof body?.error?.message === 'string' ? body.error.message : null;
}

/** The token just made, shown this once with the three configurations that carry it. */
const CreatedToken = ({ created, mcpUrl }: { created: CreatedAgentTokenResponse; mcpUrl: string }) => {
  const t = useTranslate();
  const key = created.accessKey;
  const snippets = [
    {
      name: 'desktop',
      title: t('agent.snippet.desktop', 'Desktop agents (Claude Desktop, Cursor...): JSON config'),
      hint: t(
        'agent.snippet.desktop.hint',
        'Into the client\'s MCP config (Claude Desktop: claude_desktop_config.json), under "mcpServers". It runs mcp-remote with npx (Node.js needed).'
      ),
      text: desktopAgentConfig(mcpUrl, key),
    },
    {
      name: 'command',
      title: t('agent.snippet.command', 'The mcp-remote command'),
      hint: t(
        'agent.snippet.command.hint',
        'For a client that takes a command, or to try the connection in a terminal.'
      ),
      text: mcpRemoteCommand(mcpUrl, key),
    },
    {
      name: 'sdk',
      title: t('agent.snippet.sdk', 'An agent of your own: MCP SDK (TypeScript)'),
      hint: t('agent.snippet.sdk.hint', 'With @modelcontextprotocol/sdk installed; lists the tools.'),
      text: sdkSnippet(mcpUrl, key),
    },
  ];
  return (
    <RevealedSecretBox
      testId="agent-token-reveal"
      fieldId="revealed-agent-token"
      title={t('agent.reveal.title', 'New admin token: {name}', { name: created.token.name })}
      hint={t(
        'agent.reveal.hint',
        'Copy it now: it will not be shown here again. Paste one of these into the agent; each has the token filled in. Revoke it under Settings > Admin tokens.'
      )}
      label={t('agent.reveal.label', 'Admin token (Bearer)')}
      secret={key}
      copyLabel={t('agent.reveal.copy', 'Copy token')}
      messages={{
        copied: t('agent.reveal.copied', 'Token copied to the clipboard'),
        copyFailed: t('agent.copyFailed', 'The browser refused to copy; select the text and copy it.'),
      }}
      gap={3}
    >
      {snippets.map((snippet) => (
        <AgentSnippet key={snippet.name} {...snippet} />
      ))}
    </RevealedSecretBox>
  );
};

/**
 * "Connect an AI agent" (issue #60): says which rights the token gets (exactly what the plugin's MCP
 * tools need), makes a Strapi admin token with them for this admin, and shows it once with the client
 * configurations to paste.
 */
export const AgentConnectionSection = ({
  page,
  canRegenerate,
}: {
  page: Pick<SettingsPageResponse, 'cmsUrl'>;
  canRegenerate: boolean;
}) => {
  const t = useTranslate();
  const notify = useFeedback();
  const api = useAdminApi(settingsApi);
  const [plan, setPlan] = React.useState<AgentTokenPlanResponse | null>(null);
  const [refusal, setRefusal] = React.useState<string | null>(null);
  const [created, setCreated] = React.useState<CreatedAgentTokenResponse | null>(null);

  React.useEffect(() => {
    if (canRegenerate) api.agentTokenPlan().then(setPlan, (error) => setRefusal(refusalOf(error)));
  }, [api, canRegenerate]);

  const newToken = useNamedCreate(async (name) => {
    setRefusal(null);
    try {
      setCreated(await api.createAgentToken(name ? { name } : {}));
      notify({ type: 'success', message: t('agent.created', 'Admin token created') });
      return true;
    } catch (error) {
      setRefusal(refusalOf(error) ?? t('agent.createFailed', 'The token could not be created.'));
      return false;
    }
  });

  const mcpUrl = `${page.cmsUrl ?? adminBackendUrl()}${plan?.mcpPath ?? '/mcp'}`;
  return (
    <Section
      title={t('agent.title', 'Connect an AI agent')}
      description={t(
        'agent.description',
        "AI agents (Claude Desktop, Cursor, an agent of your own) publish through Strapi's MCP server at {url}, with an admin token. This makes one for you with exactly the rights the plugin's tools need, and gives the configuration to paste.",
        { url: mcpUrl }
      )}
      testId="agent-connection-card"
    >
      {!canRegenerate && (
        <Typography textColor="neutral600" data-testid="agent-no-permission">
          {t('agent.noPermission', 'Your role may not create tokens for agents.')}
        </Typography>
      )}
      {plan && plan.mcp !== 'on' && (
        // Not dismissible: until the server is on there is nothing else to do here.
        <Box
          background="warning100"
          borderColor="warning200"
          padding={4}
          hasRadius
          data-testid="agent-mcp-off"
        >
          <Typography fontWeight="bold">{t('agent.mcpOff', 'No MCP server')}</Typography>{' '}
          <Typography>{plan.message}</Typography>
        </Box>
      )}
      {refusal && (
        <Alert
          variant="danger"
          closeLabel={t('settings.close', 'Close')}
          onClose={() => setRefusal(null)}
          data-testid="agent-refusal"
        >
          {refusal}
        </Alert>
      )}
      {plan && plan.mcp === 'on' && (
        <>
          <Flex direction="column" alignItems="stretch" gap={1} data-testid="agent-rights">
            <Typography fontWeight="bold">
              {t('agent.rights', 'The token will have these rights, and no others:')}
            </Typography>
            {plan.rights.map((right) => (
              <Typography
                key={`${right.action} ${right.subject ?? ''}`}
                data-testid="agent-right"
                data-action={right.action}
                data-subject={right.subject ?? ''}
              >
                {`• ${right.label}`}
              </Typography>
            ))}
            <Typography variant="pi" textColor="neutral600">
              {t(
                'agent.rights.hint',
                'Never more than your own: a right your role lacks is refused. It never expires; revoke it under Settings > Admin tokens.'
              )}
            </Typography>
          </Flex>
          {created && <CreatedToken created={created} mcpUrl={mcpUrl} />}
          <NameAndCreate
            id="agent-token-name"
            label={t('agent.name', 'Token name (optional): which agent uses it')}
            createLabel={t('agent.create', 'Create a token for an agent')}
            form={newToken}
            buttonTestId="agent-create"
          />
        </>
      )}
    </Section>
  );
};
