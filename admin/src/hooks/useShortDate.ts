import * as React from 'react';
import { useIntl } from 'react-intl';

/** A moment as the lists show it (medium date, short time); `none` stands in for a moment not yet come. */
export function useShortDate(): (value: string | null, none: string) => string {
  const { formatDate } = useIntl();
  return React.useCallback(
    (value, none) => (value ? formatDate(value, { dateStyle: 'medium', timeStyle: 'short' }) : none),
    [formatDate]
  );
}
