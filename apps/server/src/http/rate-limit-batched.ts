import type { Hit, RateLimitRepo } from '../repositories/rate-limit.repo.ts';

/** How often a process adds what it counted to the shared count, whatever the traffic. */
export const FLUSH_INTERVAL_MS = 1_000;
/** The most hits of one key a process admits between two syncs, however high the limit. */
const MAX_BATCH = 100;

/**
 * Hits of one key a process may admit on its own count before it must add them to the shared
 * count and read the total back: a tenth of the limit (at least 1). The limit holds across P
 * processes within P × batch (decision 031).
 */
export const batchFor = (max: number) => Math.max(1, Math.min(MAX_BATCH, Math.floor(max / 10)));

type KeyCount = {
  bucket: string;
  clientKey: string;
  /** The shared total at the last sync (every process' hits added by then, ours included). */
  shared: number;
  /** Ours, being added now. */
  sending: number;
  /** Ours, not sent yet. */
  pending: number;
  /** When the key's window ends, on this process' clock (0: not known, sync first). */
  resetsAt: number;
};

/** Per key sent: its shared total after the batch, and how many of the batch's hits were its. */
type Sent = Map<string, { total: number; hits: number }>;

export type BatchedCounterOptions = {
  batch: number;
  windowSeconds: number;
  onError: (e: unknown) => void;
  flushIntervalMs?: number;
  now?: () => number;
};

/**
 * A rate limit's count kept in this process' memory and added to Postgres' shared counters
 * (rate_limit_counter, the rows `repo.hit` writes) in one statement per interval for all keys,
 * instead of one upsert per request (decision 031). A request waits for a sync only when its key
 * is new here, its window has ended, or more than `batch` of its hits are not yet in the shared
 * count; otherwise it is decided on the last shared total plus this process' own hits since.
 * Same interface as the repository's `hit`, so http/rate-limit.ts uses either.
 */
export function createBatchedCounter(repo: RateLimitRepo, options: BatchedCounterOptions) {
  const now = options.now ?? Date.now;
  const counts = new Map<string, KeyCount>();
  let sending: Promise<Sent> | null = null;
  let queued: Promise<Sent> | null = null;

  const idOf = (bucket: string, clientKey: string) => `${bucket}\n${clientKey}`;

  /**
   * Sends every pending hit (taken now, synchronously) and applies the totals that come back;
   * resolves to each sent key's total and how many of its hits this batch carried.
   */
  function send(): Promise<Sent> {
    const batch = [...counts.values()].filter((c) => c.pending > 0);
    if (batch.length === 0) return Promise.resolve(new Map());
    const rows = batch.map((c) => ({ bucket: c.bucket, clientKey: c.clientKey, hits: c.pending }));
    for (const c of batch) {
      c.sending += c.pending;
      c.pending = 0;
    }
    return repo.add(rows, options.windowSeconds).then(
      (totals) => {
        const at = now();
        const sent: Sent = new Map();
        for (const [i, c] of batch.entries()) c.sending -= rows[i]?.hits ?? 0;
        // Returned in the statement's own order: matched to the rows by key.
        const carried = new Map(rows.map((row) => [idOf(row.bucket, row.clientKey), row.hits]));
        for (const total of totals) {
          const id = idOf(total.bucket, total.clientKey);
          const c = counts.get(id);
          sent.set(id, { total: total.hits, hits: carried.get(id) ?? 0 });
          if (!c) continue;
          c.shared = total.hits;
          c.resetsAt = at + total.windowLeftMs;
        }
        return sent;
      },
      (error: unknown) => {
        // Not counted: kept for the next sync.
        for (const [i, c] of batch.entries()) {
          const hits = rows[i]?.hits ?? 0;
          c.sending -= hits;
          c.pending += hits;
        }
        throw error;
      },
    );
  }

  /** A sync that includes every hit pending now: the next one to start, shared by its waiters. */
  function sync(): Promise<Sent> {
    if (queued) return queued;
    const start = () => {
      const started = send().finally(() => {
        if (sending === started) sending = null;
      });
      sending = started;
      return started;
    };
    if (!sending) return start();
    queued = sending
      .catch(() => {})
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  }

  /** Forgets keys whose window has ended with nothing left to send. */
  function forgetEnded() {
    const at = now();
    for (const [id, c] of counts) {
      if (c.pending === 0 && c.sending === 0 && c.resetsAt <= at) counts.delete(id);
    }
  }

  const timer = setInterval(() => {
    forgetEnded();
    sync().catch(options.onError);
  }, options.flushIntervalMs ?? FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    /** Counts one request against each key and returns each one's total in its window. */
    async hit(bucket: string, clientKeys: readonly string[]): Promise<Hit[]> {
      const counted = [...new Set(clientKeys)].map((clientKey) => {
        const id = idOf(bucket, clientKey);
        let c = counts.get(id);
        if (!c) {
          c = { bucket, clientKey, shared: 0, sending: 0, pending: 0, resetsAt: 0 };
          counts.set(id, c);
        }
        c.pending += 1;
        // This hit's place: after every hit known here now (exact within one process).
        return { id, c, rank: c.pending, place: c.shared + c.sending + c.pending };
      });
      const stale = (c: KeyCount) => c.resetsAt <= now() || c.sending + c.pending > options.batch;
      if (counted.some(({ c }) => stale(c))) {
        // The next sync carries this hit: its place is its rank among the batch's hits of its key,
        // after every hit the shared count had before them.
        const sent = await sync();
        for (const entry of counted) {
          const found = sent.get(entry.id);
          if (found) entry.place = found.total - found.hits + entry.rank;
        }
      }
      const at = now();
      return counted.map(({ c, place }) => ({
        clientKey: c.clientKey,
        hits: place,
        retryAfterSeconds: Math.max(1, Math.ceil((c.resetsAt - at) / 1000)),
      }));
    },

    /** Adds what is still pending (the app is closing) and stops the interval. */
    async close() {
      clearInterval(timer);
      await sync();
    },
  };
}

export type BatchedCounter = ReturnType<typeof createBatchedCounter>;
