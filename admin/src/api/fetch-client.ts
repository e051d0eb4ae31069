import type { useFetchClient } from '@strapi/strapi/admin';

/** What `useFetchClient()` returns: the admin's fetch with the session token and backend URL. */
export type AdminFetchClient = ReturnType<typeof useFetchClient>;
