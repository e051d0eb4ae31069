import { Box, Button, Flex, Typography } from '@strapi/design-system';
import { Duplicate } from '@strapi/icons';
import { useTranslate } from '../../hooks/useTranslate';
import { useCopyText } from '../../hooks/useCopyText';

/** One configuration to paste into an agent's client, shown as written, with a copy button. */
export const AgentSnippet = ({
  name,
  title,
  hint,
  text,
}: {
  /** The test id's suffix: `agent-snippet-<name>`. */
  name: string;
  title: string;
  hint: string;
  text: string;
}) => {
  const t = useTranslate();
  const copyText = useCopyText();
  const copy = () =>
    copyText(text, t('agent.copyFailed', 'The browser refused to copy; select the text and copy it.'));
  return (
    <Flex direction="column" alignItems="stretch" gap={1}>
      <Flex justifyContent="space-between" alignItems="flex-end" gap={2}>
        <Flex direction="column" alignItems="stretch" gap={1}>
          <Typography fontWeight="bold">{title}</Typography>
          <Typography variant="pi" textColor="neutral600">
            {hint}
          </Typography>
        </Flex>
        <Button type="button" variant="secondary" size="S" startIcon={<Duplicate />} onClick={copy}>
          {t('agent.copy', 'Copy')}
        </Button>
      </Flex>
      <Box background="neutral0" borderColor="neutral200" padding={3} hasRadius>
        <Typography
          tag="pre"
          variant="pi"
          data-testid={`agent-snippet-${name}`}
          style={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}
        >
          {text}
        </Typography>
      </Box>
    </Flex>
  );
};
