import { Box, Button, Typography } from '@strapi/design-system';
import { ArrowClockwise, Key } from '@strapi/icons';
import * as React from 'react';
import { useIntl } from 'react-intl';
import type { SecretStatus } from '../../../../core/src/contracts';
import { useTranslate, type Translate } from '../../hooks/useTranslate';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { RevealedSecretBox } from '../common/RevealedSecretBox';
import { useFeedback } from '../feedback/FeedbackProvider';
import { Section } from './Section';

export type SecretKind = 'api-key' | 'webhook-secret';

/** The texts of one secret card; each kind has its own translation keys. */
const messages = (kind: SecretKind, t: Translate) =>
  kind === 'api-key'
    ? {
        title: t('settings.key.title', 'API key (X-Service-Key)'),
        none: t(
          'settings.key.none',
          'No key yet. Generate one, then paste it into the service with the site URL above.'
        ),
        set: (hint: string, date: string) =>
          t('settings.key.admin', 'A key is set (ends with {hint}), generated on {date}.', { hint, date }),
        environment: t(
          'settings.key.environment',
          'The key is managed by the ARTICLE_PUBLISHER_API_KEY environment variable; change it there.'
        ),
        generate: t('settings.key.generate', 'Generate key'),
        regenerate: t('settings.key.regenerate', 'Regenerate key'),
        confirmTitle: t('settings.key.confirm.title', 'Regenerate the API key?'),
        confirmBody: t(
          'settings.key.confirm.body',
          'The current key stops working at once. The service must be given the new key before it can publish again.'
        ),
        revealTitle: t('settings.key.reveal.title', 'Your new key'),
        revealLabel: t('settings.key.reveal.label', 'X-Service-Key value'),
        copy: t('settings.key.copy', 'Copy key'),
        copied: t('settings.key.copied', 'Key copied to the clipboard'),
        generated: t('settings.key.generated', 'A new key was generated'),
      }
    : {
        title: t('settings.secret.title', 'Webhook secret (X-Service-Signature)'),
        none: t(
          'settings.secret.none',
          'No webhook secret yet. Generate one if the service delivers by signed webhook.'
        ),
        set: (hint: string, date: string) =>
          t('settings.secret.admin', 'A secret is set (ends with {hint}), set on {date}.', { hint, date }),
        environment: t(
          'settings.secret.environment',
          'The secret is managed by the ARTICLE_PUBLISHER_WEBHOOK_SECRET environment variable; change it there.'
        ),
        generate: t('settings.secret.generate', 'Generate secret'),
        regenerate: t('settings.secret.regenerate', 'Regenerate secret'),
        confirmTitle: t('settings.secret.confirm.title', 'Regenerate the webhook secret?'),
        confirmBody: t(
          'settings.secret.confirm.body',
          'Deliveries signed with the current secret are refused at once. The service must be given the new secret.'
        ),
        revealTitle: t('settings.secret.reveal.title', 'Your new webhook secret'),
        revealLabel: t('settings.secret.reveal.label', 'Webhook signing secret'),
        copy: t('settings.secret.copy', 'Copy secret'),
        copied: t('settings.secret.copied', 'Secret copied to the clipboard'),
        generated: t('settings.secret.generated', 'A new webhook secret was generated'),
      };

interface SecretCardProps {
  kind: SecretKind;
  status: SecretStatus;
  canRegenerate: boolean;
  /** Creates the secret on the server and returns it (the only time it is seen in full). */
  regenerate: () => Promise<{ secret: string; status: SecretStatus }>;
}

/** Status of the API key or webhook secret, with generate / regenerate, a one-time reveal and copy. */
export const SecretCard = ({ kind, status: initialStatus, canRegenerate, regenerate }: SecretCardProps) => {
  const t = useTranslate();
  const { formatDate } = useIntl();
  const text = messages(kind, t);
  const notify = useFeedback();
  const [status, setStatus] = React.useState(initialStatus);
  const [revealed, setRevealed] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  const create = async () => {
    setBusy(true);
    try {
      const result = await regenerate();
      setRevealed(result.secret);
      setStatus(result.status);
      notify({ type: 'success', message: text.generated });
    } catch {
      notify({
        type: 'danger',
        message: t('settings.secret.failed', 'The request failed. Try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  const statusText =
    status.source === 'environment'
      ? text.environment
      : status.source === 'admin'
        ? text.set(
            status.hint ?? '',
            status.createdAt ? formatDate(status.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) : ''
          )
        : text.none;

  return (
    <Section title={text.title} testId={`${kind}-card`}>
      <Typography data-testid={`${kind}-status`}>{statusText}</Typography>

      {revealed && (
        <RevealedSecretBox
          testId={`${kind}-reveal`}
          fieldId={`revealed-${kind}`}
          title={text.revealTitle}
          hint={t('settings.secret.revealHint', 'Copy it now: it will not be shown again.')}
          label={text.revealLabel}
          secret={revealed}
          copyLabel={text.copy}
          messages={{ copied: text.copied }}
        />
      )}

      {canRegenerate && status.source === 'none' && (
        <Box>
          <Button startIcon={<Key />} loading={busy} onClick={create}>
            {text.generate}
          </Button>
        </Box>
      )}
      {canRegenerate && status.source === 'admin' && (
        <Box>
          <ConfirmDialog
            trigger={
              <Button variant="danger-light" startIcon={<ArrowClockwise />} loading={busy}>
                {text.regenerate}
              </Button>
            }
            title={text.confirmTitle}
            body={text.confirmBody}
            actionLabel={t('settings.confirm.action', 'Regenerate')}
            actionVariant="danger"
            onConfirm={create}
          />
        </Box>
      )}
      {!canRegenerate && status.source !== 'environment' && (
        <Typography textColor="neutral600" data-testid={`${kind}-no-permission`}>
          {t('settings.secret.noPermission', 'Your role may not generate or regenerate secrets.')}
        </Typography>
      )}
    </Section>
  );
};
