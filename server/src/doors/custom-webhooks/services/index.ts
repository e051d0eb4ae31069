import hookEndpoints from './endpoints';
import hooks from './hooks';
import hookQueue from './queue';
import hookQueueWorker from './queue-worker';
import hookWithdrawals from './withdrawals';

/** Every service's own webhook: its endpoints, the receiver, the durable queue and its worker, withdrawals. */
export const customWebhookServices = {
  'hook-endpoints': hookEndpoints,
  hooks,
  'hook-queue': hookQueue,
  'hook-queue-worker': hookQueueWorker,
  'hook-withdrawals': hookWithdrawals,
};
