import { Accordion, Td, Tr, Typography } from '@strapi/design-system';
import { useIntl } from 'react-intl';
import type { AuthFailuresResponse } from '../../../../core/src/contracts';
import { useTranslate } from '../../hooks/useTranslate';
import { DataTable } from '../common/DataTable';

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
            <DataTable
              columns={[
                t('activity.failures.client', 'Client address'),
                t('activity.failures.count', 'Failed attempts'),
                t('activity.failures.last', 'Last attempt'),
              ]}
              rows={failures.clients}
              renderRow={(client) => (
                <Tr key={client.client} data-testid="auth-failure-row">
                  <Td>
                    <Typography>{client.client}</Typography>
                  </Td>
                  <Td>
                    <Typography>{client.count}</Typography>
                  </Td>
                  <Td>
                    <Typography>
                      {formatDate(client.lastFailedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                    </Typography>
                  </Td>
                </Tr>
              )}
            />
          )}
        </Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
};
