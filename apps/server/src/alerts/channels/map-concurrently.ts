/**
 * Runs `task` over `items` with at most `limit` in flight; results in input order. After a task
 * throws, no new task starts (those in flight finish) and the first error is thrown.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker() {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  const workers = Array.from({ length: Math.min(limit, items.length) }, worker);
  // allSettled first: every task in flight has finished when the error is thrown.
  const settled = await Promise.allSettled(workers);
  const rejected = settled.find((s) => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}
