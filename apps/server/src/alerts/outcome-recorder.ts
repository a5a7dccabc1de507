import type { FastifyBaseLogger } from 'fastify';
import type { AlertMetrics } from '../metrics/alert-metrics.ts';
import type {
  Dispatchable,
  DispatchOutbox,
  OutboundChannel,
  OutgoingAlert,
  ReportOutcome,
  SendOutcome,
} from './channel-sender.ts';
import type { RetryPolicy } from './outbox.ts';
import { ERROR_DELAY_MS, pause } from './pause.ts';

export type RecordingOptions = {
  /** The longest a reported outcome waits to be written (with those reported meanwhile). */
  flushMs: number;
  /**
   * This many waiting outcomes are written at once, without waiting for `flushMs`. A sender
   * reporting while twice as many are unrecorded (waiting or being written) is held until some
   * are written: a worker killed at any moment leaves at most 2 · flushSize + its in-flight
   * messages sent but unrecorded, per loop.
   */
  flushSize: number;
};

export type RecorderContext<A extends Dispatchable = OutgoingAlert> = {
  outbox: DispatchOutbox<A>;
  policy: RetryPolicy;
  /**
   * The lease of the batch's rows still in hand is renewed by this much, by a write made once a
   * third of it has passed since the claim or the last renewal.
   */
  leaseMs: number;
  /** Date.now() just before the claim that leased the batch. */
  claimedAt: number;
  options: RecordingOptions;
  log: FastifyBaseLogger;
  channel: OutboundChannel;
  /** Aborted when the dispatch loop is asked to stop. */
  stopping: AbortSignal;
  /** Hears each group of outcomes once it is written (the workers' /metrics). */
  metrics?: AlertMetrics;
};

export type BatchRecorder = {
  /** The sender's `report`: queues the outcome for the next write. */
  report: ReportOutcome;
  /**
   * Queues what was not reported (from `outcomes`, else a retry) and resolves once everything
   * is written, or abandoned because the loop is stopping while the database is unreachable.
   */
  finish(outcomes: readonly SendOutcome[]): Promise<void>;
};

type Entry<A> = { alert: A; outcome: SendOutcome };

/**
 * Writes one claimed batch's outcomes as they come, in small groups (one UPDATE each), so a
 * worker killed mid-batch leaves only the last few messages unrecorded: those alone go out again
 * when the lease runs out. A write that fails (Postgres restarting) keeps the outcomes and is
 * retried with a growing pause for as long as the loop runs: an outcome is never dropped and
 * left for the lease to re-send. Meanwhile the sender is held, so nothing more is sent than can
 * be recorded. Only when the loop stops while the database is still away are the outcomes given
 * up, and the sender's next report rejects so the rest of the batch is not sent.
 */
export function recordBatch<A extends Dispatchable>(
  batch: readonly A[],
  ctx: RecorderContext<A>,
): BatchRecorder {
  const { flushMs, flushSize } = ctx.options;
  const byId = new Map(batch.map((a) => [a.deliveryId, a]));
  const queued = new Set<string>();
  const written = new Set<string>();
  let waiting: Entry<A>[] = [];
  /** The group being written. */
  let inWrite = 0;
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let draining = false;
  let abandoned: Error | undefined;
  let held: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  /**
   * When the rows in hand were last leased (at the latest). Renewing on every write rewrote each
   * row of a 200-row batch ~5 times over (every row update is a new row version and index
   * entries in Postgres): about half of Postgres' CPU in dispatch. Renewing once a third of
   * the lease has passed still renews long before it runs out, while a batch makes progress.
   */
  let leasedAt = ctx.claimedAt;

  function queue(outcome: SendOutcome) {
    const alert = byId.get(outcome.deliveryId);
    if (!alert || queued.has(outcome.deliveryId)) return;
    queued.add(outcome.deliveryId);
    waiting.push({ alert, outcome });
  }

  /** Starts a write now when one is due, else makes sure the timer will start it. */
  function schedule() {
    if (writing || abandoned || waiting.length === 0) return;
    if (draining || waiting.length >= flushSize) {
      clearTimeout(timer);
      timer = undefined;
      writing = write().finally(() => {
        writing = undefined;
        schedule();
      });
      return;
    }
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!writing && !abandoned && waiting.length > 0) {
        writing = write().finally(() => {
          writing = undefined;
          schedule();
        });
      }
    }, flushMs);
  }

  async function write(): Promise<void> {
    let delay = ERROR_DELAY_MS.first;
    // Under load a burst of failures (a pool that cannot hand out a connection in time, a
    // restarting Postgres) is one story: its first failure is logged, then its end.
    let failedTries = 0;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      inWrite = group.length;
      const inGroup = new Set(group.map((e) => e.alert.deliveryId));
      const startedAt = Date.now();
      const renewing = startedAt - leasedAt >= ctx.leaseMs / 3;
      const renew = renewing
        ? batch.filter((a) => !written.has(a.deliveryId) && !inGroup.has(a.deliveryId))
        : [];
      try {
        await ctx.outbox.finish(
          group.map((e) => e.alert),
          group.map((e) => e.outcome),
          ctx.policy,
          { alerts: renew, leaseMs: ctx.leaseMs },
        );
        for (const id of inGroup) written.add(id);
        ctx.metrics?.recorded(ctx.channel, group);
        if (renewing) leasedAt = startedAt;
        inWrite = 0;
        delay = ERROR_DELAY_MS.first;
        if (failedTries > 0) {
          ctx.log.info(
            { channel: ctx.channel, failedTries },
            'recording alert outcomes works again',
          );
          failedTries = 0;
        }
        if (waiting.length < 2 * flushSize) release();
        if (!draining && waiting.length < flushSize) return;
      } catch (error) {
        inWrite = 0;
        waiting = group.concat(waiting);
        if (ctx.stopping.aborted) {
          abandon(error);
          return;
        }
        failedTries += 1;
        if (failedTries === 1) {
          ctx.log.warn(
            { err: error, channel: ctx.channel, outcomes: waiting.length },
            'recording alert outcomes failed; keeping them and retrying (logged once until it works)',
          );
        }
        await pause(delay, ctx.stopping);
        delay = Math.min(delay * 2, ERROR_DELAY_MS.max);
      }
    }
  }

  function release() {
    for (const h of held) h.resolve();
    held = [];
  }

  function abandon(error: unknown) {
    clearTimeout(timer);
    timer = undefined;
    ctx.log.error(
      { err: error, channel: ctx.channel, outcomes: waiting.length },
      'stopping with alert outcomes not recorded: they are sent again when their lease runs out',
    );
    abandoned = new Error('the dispatch loop stopped before these outcomes could be recorded');
    for (const h of held) h.reject(abandoned);
    held = [];
  }

  return {
    report(outcome) {
      if (abandoned) return Promise.reject(abandoned);
      queue(outcome);
      schedule();
      if (inWrite + waiting.length < 2 * flushSize) return Promise.resolve();
      return new Promise((resolve, reject) => held.push({ resolve, reject }));
    },
    async finish(outcomes) {
      const given = new Map(outcomes.map((o) => [o.deliveryId, o]));
      for (const alert of batch) {
        // A sender that forgot an alert is a bug to retry, not a reason to lose the alert.
        queue(
          given.get(alert.deliveryId) ?? {
            deliveryId: alert.deliveryId,
            status: 'retry',
            error: 'the sender gave no outcome',
          },
        );
      }
      draining = true;
      schedule();
      while (writing) await writing;
      clearTimeout(timer);
    },
  };
}
