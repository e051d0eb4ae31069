import { useFetchClient } from '@strapi/strapi/admin';
import * as React from 'react';
import type { AdminFetchClient } from '../api/fetch-client';

/** One of the plugin's admin API clients (`activityApi`, `settingsApi`...) on the admin's fetch client. */
export function useAdminApi<Api>(makeApi: (client: AdminFetchClient) => Api): Api {
  const fetchClient = useFetchClient();
  return React.useMemo(() => makeApi(fetchClient), [makeApi, fetchClient]);
}
