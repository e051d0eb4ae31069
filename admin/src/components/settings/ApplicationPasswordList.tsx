import { Flex, Typography } from '@strapi/design-system';
import * as React from 'react';
import type { ApplicationPasswordSummary } from '../../../../core/src/wordpress/application-passwords-api';
import type { ApplicationPasswordsState } from '../../hooks/useApplicationPasswords';
import { useShortDate } from '../../hooks/useShortDate';
import { useTranslate } from '../../hooks/useTranslate';
import { DeleteConfirm } from '../common/IconConfirm';
import { ColumnTable } from '../common/ColumnTable';
import { LabelledLine } from '../common/LabelledLine';
import { WRAPPING } from '../common/wrapping';

/** An email address stays whole unless it cannot fit. */
const WHOLE_WORDS: React.CSSProperties = { whiteSpace: 'normal', overflowWrap: 'break-word' };
/** The dates and address stacked in one cell: some room above and below them. */
const STACKED: React.CSSProperties = { paddingTop: 8, paddingBottom: 8 };

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
          style: WRAPPING,
        },
        {
          header: t('passwords.column.login', 'Username'),
          cell: (entry) => <Typography data-testid="application-password-login">{entry.login}</Typography>,
          style: WHOLE_WORDS,
        },
        {
          header: t('passwords.column.use', 'Use'),
          cell: (entry) => (
            <Flex direction="column" alignItems="flex-start" gap={1}>
              <LabelledLine label={t('passwords.createdAt', 'Created:')} value={when(entry.createdAt)} />
              <LabelledLine label={t('passwords.lastUsedAt', 'Last used:')} value={when(entry.lastUsedAt)} />
              <LabelledLine
                label={t('passwords.lastAddressAt', 'Last client address:')}
                value={entry.lastClientAddress ?? '—'}
              />
            </Flex>
          ),
          style: STACKED,
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
