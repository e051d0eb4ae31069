import { Badge, Flex, Typography } from '@strapi/design-system';
import type { HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { PRESET_GUIDES } from '../../../../core/src/hooks/preset-guide';
import { useShortDate } from '../../hooks/useShortDate';
import { useTranslate } from '../../hooks/useTranslate';

/** An endpoint's name (and whether the config declares it), its service, its URL and the end of its secret. */
export const EndpointSummary = ({ endpoint, url }: { endpoint: HookEndpointSummary; url: string }) => {
  const t = useTranslate();
  const when = useShortDate();
  return (
    <Flex direction="column" alignItems="flex-start" gap={1}>
      <Flex gap={2}>
        <Typography fontWeight="bold">{endpoint.name}</Typography>
        {endpoint.source === 'config' && (
          <Badge data-testid="hook-endpoint-config">{t('hooks.fromConfig', 'From config (read-only)')}</Badge>
        )}
      </Flex>
      <Typography variant="pi" data-testid="hook-endpoint-preset">
        {PRESET_GUIDES[endpoint.preset]?.label ?? endpoint.preset}
      </Typography>
      <Typography
        variant="pi"
        textColor="neutral600"
        style={{ wordBreak: 'break-all' }}
        data-testid="hook-endpoint-url"
      >
        {url}
      </Typography>
      {endpoint.secret.hint && (
        <Typography variant="pi" textColor="neutral600">
          {t('hooks.secretHint', 'Secret ending with {hint}', { hint: endpoint.secret.hint })}
          {endpoint.secret.previousValidUntil &&
            ` · ${t('hooks.previousUntil', 'the previous one works until {date}', {
              date: when(endpoint.secret.previousValidUntil, ''),
            })}`}
        </Typography>
      )}
    </Flex>
  );
};
