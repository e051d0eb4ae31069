import { Box, Button, Field, Flex, Typography } from '@strapi/design-system';
import { Duplicate } from '@strapi/icons';
import type { HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { useRevealedSecret } from '../../hooks/useRevealedSecret';
import { useTranslate } from '../../hooks/useTranslate';
import type { HookAddresses } from '../../utils/hookAddresses';
import { EndpointAddresses } from './EndpointAddresses';

/** A new endpoint's (or a regenerated) secret, shown this once beside its addresses, with a copy button. */
export const RevealedEndpointSecret = ({
  endpoint,
  secret,
  addresses,
  regenerated,
  graceSeconds,
}: {
  endpoint: HookEndpointSummary;
  secret: string;
  addresses: HookAddresses;
  regenerated: boolean;
  graceSeconds: number;
}) => {
  const t = useTranslate();
  const { box, copy } = useRevealedSecret(secret, {
    copied: t('hooks.reveal.copied', 'Secret copied to the clipboard'),
    copyFailed: t('hooks.reveal.copyFailed', 'The browser refused to copy; select the secret and copy it.'),
  });
  const hours = Math.round((graceSeconds / 3600) * 10) / 10;

  return (
    <Box
      ref={box}
      background="success100"
      borderColor="success200"
      padding={4}
      hasRadius
      data-testid="hook-endpoint-reveal"
    >
      <Flex direction="column" alignItems="stretch" gap={3}>
        <Typography fontWeight="bold">
          {regenerated
            ? t('hooks.reveal.regeneratedTitle', 'New secret for {name}', { name: endpoint.name })
            : t('hooks.reveal.title', '{name} is ready', { name: endpoint.name })}
        </Typography>
        <Typography>
          {t('hooks.reveal.hint', 'Copy the secret now: it will not be shown again.')}
          {regenerated &&
            graceSeconds > 0 &&
            ` ${t('hooks.reveal.grace', 'The previous secret keeps working for {hours} h, so the service can be given this one meanwhile.', { hours })}`}
        </Typography>
        <Flex gap={2} alignItems="flex-end">
          <Box flex="1">
            <Field.Root name="revealed-hook-secret" id="revealed-hook-secret">
              <Field.Label>{t('hooks.reveal.label', 'Secret (token or signing secret)')}</Field.Label>
              <Field.Input value={secret} readOnly data-testid="revealed-hook-secret" />
            </Field.Root>
          </Box>
          <Button variant="secondary" startIcon={<Duplicate />} onClick={copy}>
            {t('hooks.reveal.copy', 'Copy secret')}
          </Button>
        </Flex>
        <EndpointAddresses endpoint={endpoint} addresses={addresses} />
      </Flex>
    </Box>
  );
};
