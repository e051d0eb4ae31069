import * as React from 'react';
import { useIntl } from 'react-intl';
import { getTranslation } from '../utils/getTranslation';

export type Translate = (
  id: string,
  defaultMessage: string,
  values?: Record<string, string | number>
) => string;

/** `t(id, defaultMessage)` for the plugin's own messages: ids are prefixed, English is the fallback. */
export function useTranslate(): Translate {
  const { formatMessage } = useIntl();
  return React.useCallback<Translate>(
    (id, defaultMessage, values) => formatMessage({ id: getTranslation(id), defaultMessage }, values),
    [formatMessage]
  );
}
