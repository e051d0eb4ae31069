import { Typography } from '@strapi/design-system';
import type { ApplicationPasswordSummary } from '../../../../core/src/wordpress/application-passwords-api';
import type { ApplicationPasswordsState } from '../../hooks/useApplicationPasswords';
import { useShortDate } from '../../hooks/useShortDate';
import { useTranslate } from '../../hooks/useTranslate';
import { DeleteConfirm } from '../common/IconConfirm';
import { ColumnTable } from '../common/ColumnTable';

/** The application passwords with each login, when it was last used and from where; revoke for those who may. */
export const ApplicationPasswordList = ({
  passwords,
  canRevoke,
  onRevoke,
}: {
  passwords: ApplicationPasswordsState;
  canRevoke: boolean;
  onRevoke: (entry: ApplicationPasswordSummary) => Promise<void>;
}) => {
  const t = useTranslate();
  const shortDate = useShortDate();
  const when = (value: string | null) => shortDate(value, t('passwords.never', 'Never'));
  if (passwords.failed) {
    return (
      <Typography textColor="danger600">
        {t('passwords.loadFailed', 'The list could not be read.')}
      </Typography>
    );
  }
  const list = passwords.data?.passwords ?? [];
  if (list.length === 0) {
    return (
      <Typography textColor="neutral600" data-testid="application-passwords-empty">
        {t('passwords.none', 'No application password yet.')}
      </Typography>
    );
  }
  return (
    <ColumnTable
      rows={list}
      rowKey={(entry) => entry.id}
      rowTestId="application-password-row"
      columns={[
        {
          header: t('passwords.column.name', 'Name'),
          cell: (entry) => <Typography fontWeight="bold">{entry.name}</Typography>,
        },
        {
          header: t('passwords.column.login', 'Username'),
          cell: (entry) => <Typography data-testid="application-password-login">{entry.login}</Typography>,
        },
        {
          header: t('passwords.column.created', 'Created'),
          cell: (entry) => <Typography>{when(entry.createdAt)}</Typography>,
        },
        {
          header: t('passwords.column.lastUsed', 'Last used'),
          cell: (entry) => <Typography>{when(entry.lastUsedAt)}</Typography>,
        },
        {
          header: t('passwords.column.lastAddress', 'Last client address'),
          cell: (entry) => <Typography>{entry.lastClientAddress ?? '—'}</Typography>,
        },
        {
          header: t('passwords.column.actions', 'Actions'),
          cell: (entry) => canRevoke && <RevokeButton entry={entry} onRevoke={onRevoke} />,
        },
      ]}
    />
  );
};

/** Revoke, after a confirmation. */
const RevokeButton = ({
  entry,
  onRevoke,
}: {
  entry: ApplicationPasswordSummary;
  onRevoke: (entry: ApplicationPasswordSummary) => Promise<void>;
}) => {
  const t = useTranslate();
  return (
    <DeleteConfirm
      label={t('passwords.revoke', 'Revoke {name}', { name: entry.name })}
      title={t('passwords.revoke.title', 'Revoke {name}?', { name: entry.name })}
      body={t(
        'passwords.revoke.body',
        'The service using this password is refused at once, on every instance. This cannot be undone.'
      )}
      actionLabel={t('passwords.revoke.action', 'Revoke')}
      onConfirm={() => onRevoke(entry)}
    />
  );
};
