import { Accordion, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { AuthFailuresResponse } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { ColumnTable } from '../common/ColumnTable';

/** Failed key and signature checks, collapsed to one line per client; no presented secret is ever kept. */
export const AuthFailuresPanel = ({ failures }: { failures: AuthFailuresResponse }) => {
  const t = useTranslate();
  const { formatDate } = useIntl();
  const attempts = failures.clients.reduce((sum, client) => sum + client.count, 0);
  const minutes = Math.round(failures.windowSeconds / 60);
  return (
    <Accordion.Root data-testid="auth-failures">
      <Accordion.Item value="auth-failures">
        <Accordion.Header>
          <Accordion.Trigger
            description={t(
              'activity.failures.description',
              'Requests refused for a missing or wrong key or signature in the last {minutes} minutes. Clients over the limit are throttled.',
              { minutes }
            )}
          >
            {t(
              'activity.failures.title',
              'Failed requests: {attempts, plural, =0 {none} one {# attempt} other {# attempts}}{clients, plural, =0 {} one { from # client} other { from # clients}}',
              { attempts, clients: failures.clients.length }
            )}
          </Accordion.Trigger>
        </Accordion.Header>
        <Accordion.Content>
          {failures.clients.length === 0 ? (
            <Typography tag="p" padding={4} textColor="neutral600">
              {t('activity.failures.none', 'No failed requests.')}
            </Typography>
          ) : (
            <ColumnTable
              rows={failures.clients}
              rowKey={(client) => client.client}
              rowTestId="auth-failure-row"
              columns={[
                {
                  header: t('activity.failures.client', 'Client address'),
                  cell: (client) => <Typography>{client.client}</Typography>,
                },
                {
                  header: t('activity.failures.count', 'Failed attempts'),
                  cell: (client) => <Typography>{client.count}</Typography>,
                },
                {
                  header: t('activity.failures.last', 'Last attempt'),
                  cell: (client) => (
                    <Typography>
                      {formatDate(client.lastFailedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                    </Typography>
                  ),
                },
              ]}
            />
          )}
        </Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
};
