import * as React from 'react';
import type { ApplicationPasswordsApi } from '../api/application-passwords';
import type { ApplicationPasswordsResponse } from '../../../core/src/wordpress/application-passwords-api';

export interface ApplicationPasswordsState {
  /** The list as last read; null while loading or after a failed read. */
  data: ApplicationPasswordsResponse | null;
  failed: boolean;
  reload: () => Promise<void>;
}

/** The application passwords list, read once and again after each change. */
export function useApplicationPasswords(api: ApplicationPasswordsApi): ApplicationPasswordsState {
  const [data, setData] = React.useState<ApplicationPasswordsResponse | null>(null);
  const [failed, setFailed] = React.useState(false);
  const reload = React.useCallback(
    () =>
      api.list().then(
        (list) => {
          setData(list);
          setFailed(false);
        },
        () => setFailed(true)
      ),
    [api]
  );
  React.useEffect(() => {
    api.list().then(setData, () => setFailed(true));
  }, [api]);
  return { data, failed, reload };
}
