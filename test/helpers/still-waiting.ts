/** Whether `pending` is still unsettled after `ms`: a request that should wait on a lock another holds. */
export async function stillWaitingAfter(pending: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = pending.then(
    () => false,
    () => false
  );
  return Promise.race([settled, new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms))]);
}
