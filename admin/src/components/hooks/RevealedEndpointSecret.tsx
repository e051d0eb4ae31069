import type { HookEndpointSummary } from '../../../../core/src/hooks/endpoints-api';
import { useTranslate } from '../../hooks/useTranslate';
import type { HookAddresses } from '../../utils/hookAddresses';
import { RevealedSecretBox } from '../common/RevealedSecretBox';
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
  const hours = Math.round((graceSeconds / 3600) * 10) / 10;
  const grace =
    regenerated &&
    graceSeconds > 0 &&
    ` ${t('hooks.reveal.grace', 'The previous secret keeps working for {hours} h, so the service can be given this one meanwhile.', { hours })}`;

  return (
    <RevealedSecretBox
      testId="hook-endpoint-reveal"
      fieldId="revealed-hook-secret"
      gap={3}
      title={
        regenerated
          ? t('hooks.reveal.regeneratedTitle', 'New secret for {name}', { name: endpoint.name })
          : t('hooks.reveal.title', '{name} is ready', { name: endpoint.name })
      }
      hint={
        <>
          {t('hooks.reveal.hint', 'Copy the secret now: it will not be shown again.')}
          {grace}
        </>
      }
      label={t('hooks.reveal.label', 'Secret (token or signing secret)')}
      secret={secret}
      copyLabel={t('hooks.reveal.copy', 'Copy secret')}
      messages={{
        copied: t('hooks.reveal.copied', 'Secret copied to the clipboard'),
        copyFailed: t(
          'hooks.reveal.copyFailed',
          'The browser refused to copy; select the secret and copy it.'
        ),
      }}
    >
      <EndpointAddresses endpoint={endpoint} addresses={addresses} />
    </RevealedSecretBox>
  );
};
