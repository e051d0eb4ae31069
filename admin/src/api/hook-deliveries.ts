import type {
  DeliveryAgainBody,
  DeliveryAgainResponse,
  InspectedDeliveriesResponse,
  InspectedDelivery,
  SampleRunResponse,
} from '../../../core/src/hooks/inspector-api';
import { PLUGIN_ID } from '../pluginId';
import type { AdminFetchClient } from './fetch-client';

const endpointPath = (id: string) => `/${PLUGIN_ID}/hook-endpoints/${encodeURIComponent(id)}`;
const deliveryPath = (id: number) => `/${PLUGIN_ID}/hook-deliveries/${id}`;

/** The delivery inspector's admin API (issue #59), typed with the shapes the server answers with. */
export const hookDeliveriesApi = (client: AdminFetchClient) => ({
  list: async (endpointId: string, page: number, pageSize = 10) =>
    (
      await client.get<InspectedDeliveriesResponse>(`${endpointPath(endpointId)}/deliveries`, {
        params: { page, pageSize },
      })
    ).data,
  show: async (id: number) => (await client.get<InspectedDelivery>(deliveryPath(id))).data,
  again: async (id: number, input: DeliveryAgainBody) =>
    (await client.post<DeliveryAgainResponse>(`${deliveryPath(id)}/again`, input)).data,
  sample: async (endpointId: string) =>
    (await client.post<SampleRunResponse>(`${endpointPath(endpointId)}/sample`, {})).data,
});

export type HookDeliveriesApi = ReturnType<typeof hookDeliveriesApi>;
