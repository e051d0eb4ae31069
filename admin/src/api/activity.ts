import type { ActivityResponse, ActivitySchedule, AuthFailuresResponse } from '../../../core/src/contracts';
import type { HookQueueResponse } from '../../../core/src/hooks/queue';
import type { RefusalsResponse } from '../../../core/src/refusals';
import { PLUGIN_ID } from '../pluginId';
import type { AdminFetchClient } from './fetch-client';

export interface ActivityQuery {
  page: number;
  pageSize: number;
  status?: string;
  source?: string;
  kind?: string;
}

/** The activity admin API: the delivery ledger, the refused requests, the webhook queue and the failed auth checks. */
export const activityApi = (client: AdminFetchClient) => ({
  deliveries: async (query: ActivityQuery) =>
    (await client.get<ActivityResponse>(`/${PLUGIN_ID}/activity`, { params: query })).data,
  refusals: async (query: { page: number; pageSize: number; door?: string; code?: string }) =>
    (await client.get<RefusalsResponse>(`/${PLUGIN_ID}/activity/refusals`, { params: query })).data,
  hookQueue: async (query: { page: number; pageSize: number; status?: string }) =>
    (await client.get<HookQueueResponse>(`/${PLUGIN_ID}/activity/hook-queue`, { params: query })).data,
  authFailures: async () =>
    (await client.get<AuthFailuresResponse>(`/${PLUGIN_ID}/activity/auth-failures`)).data,
  /** "Cancel schedule" of an activity row; answers the schedule as it is then. */
  cancelSchedule: async (deliveryId: number) =>
    (
      await client.post<{ schedule: ActivitySchedule }>(
        `/${PLUGIN_ID}/activity/${deliveryId}/cancel-schedule`
      )
    ).data.schedule,
});
