import hookDeliveryRecords from './delivery-records';
import hookEndpoints from './endpoints';
import hooks from './hooks';
import hookInspector from './inspector';
import hookQueue from './queue';
import hookQueueWorker from './queue-worker';
import hookWithdrawals from './withdrawals';

/** Every service's own webhook: its endpoints, the receiver, the durable queue and its worker, withdrawals, the delivery inspector. */
export const customWebhookServices = {
  'hook-delivery-records': hookDeliveryRecords,
  'hook-endpoints': hookEndpoints,
  hooks,
  'hook-inspector': hookInspector,
  'hook-queue': hookQueue,
  'hook-queue-worker': hookQueueWorker,
  'hook-withdrawals': hookWithdrawals,
};
