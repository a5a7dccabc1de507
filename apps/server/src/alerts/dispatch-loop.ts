import type { FastifyBaseLogger } from 'fastify';
import type { AlertMetrics } from '../metrics/alert-metrics.ts';
import type {
  Dispatchable,
  DispatchOutbox,
  DispatchSender,
  OutboundChannel,
} from './channel-sender.ts';
import type { RetryPolicy } from './outbox.ts';
import { type RecordingOptions, recordBatch } from './outcome-recorder.ts';
import { ERROR_DELAY_MS, pause } from './pause.ts';

export type DispatchOptions = RetryPolicy &
  Pick<RecordingOptions, 'flushMs'> & {
    /**
     * Each channel's outcome group (the recorder's `flushSize`): its outcomes are written this
     * many at once, and a killed worker sends at most twice as many again (decision 010).
     */
    outcomeGroup: Record<OutboundChannel, number>;
    /** How long a claimed batch is reserved for its worker (it comes back after that). */
    leaseMs: number;
    /**
     * How often an idle loop looks for due rows without being woken. A match wakes every loop
     * (the `matched` notice), so the poll only finds retries coming due, timed sends and expired
     * leases: a few seconds late is fine for those, and each look is a transaction per loop (eight
     * loops at 1 s were most of an idle process's work: docs/performance.md).
     */
    pollMs: number;
    /**
     * How long at a stretch the loop waits while a big match is being written (repositories/alerts/match-locks.repo.ts),
     * so the matcher has the cores to itself; 0 never waits. After that it sends regardless
     * until the match is over.
     */
    yieldToMatchMs: number;
    /** Where sends, failures and delivery latency are counted (the process' /metrics). */
    metrics?: AlertMetrics;
  };

export const DISPATCH_DEFAULTS: DispatchOptions = {
  baseDelayMs: 1_000,
  maxDelayMs: 10 * 60_000,
  leaseMs: 2 * 60_000,
  pollMs: 5_000,
  flushMs: 100,
  // Decision 067: an outcome write costs Postgres ~1 ms however few rows it names (its counts
  // trigger and change notice), so email and push, whose receivers fold a re-sent copy into the
  // first by its key (Message-ID; push's Topic, tag and id), write 60 at once: a fifth less CPU a
  // message in all (bench:announce). An SMS copy is a second text: its group stays at 20.
  outcomeGroup: { email: 60, push: 60, sms: 20 },
  yieldToMatchMs: 10_000,
};

/** How often a loop waiting for a big match looks again. */
const YIELD_POLL_MS = 100;

/** What one pass of a dispatch loop did. */
export type DispatchPass = {
  /** A big match is being written: the pass claimed nothing and the loop waits a moment. */
  yielded: boolean;
  /** Deliveries claimed (and sent, and recorded) by this pass. */
  claimed: number;
  /** The sender's answers, by status. */
  sent: number;
  retry: number;
  failed: number;
};

export type DispatchStep = {
  /**
   * One pass: unless yielding to a big match, claim a due batch, send it, record the outcomes;
   * resolves once they are written, with what it did. Claim errors reject (the loop backs off).
   */
  tick(): Promise<DispatchPass>;
};

export type DispatchLoop = DispatchStep & {
  /** Looks for work now instead of at the next poll (after a match). */
  wake(): void;
  /** Stops after the batch in hand is sent and recorded. */
  stop(): Promise<void>;
};

/**
 * One channel's dispatch pass, without the loop around it: what the running loop repeats, and
 * what a test drives to assert what one pass does (or that it found nothing) without waiting.
 * `stopping` is the loop's: the recorder gives up unwritten outcomes once it is aborted.
 */
export function createDispatchStep<A extends Dispatchable>(
  outbox: DispatchOutbox<A>,
  sender: DispatchSender<A>,
  log: FastifyBaseLogger,
  options: DispatchOptions = DISPATCH_DEFAULTS,
  stopping: AbortSignal = new AbortController().signal,
): DispatchStep {
  const context = {
    outbox,
    policy: options,
    options: { flushMs: options.flushMs, flushSize: options.outcomeGroup[sender.channel] },
    leaseMs: options.leaseMs,
    log,
    channel: sender.channel,
    metrics: options.metrics,
  };
  const yieldToMatch = matchYielding(outbox, options.yieldToMatchMs);

  async function tick(): Promise<DispatchPass> {
    const pass = { yielded: false, claimed: 0, sent: 0, retry: 0, failed: 0 };
    if (await yieldToMatch()) return { ...pass, yielded: true };
    const claimedAt = Date.now();
    const batch = await outbox.claim(sender.channel, sender.batchSize, options.leaseMs);
    if (batch.length === 0) return pass;
    const recorder = recordBatch(batch, { ...context, claimedAt, stopping });
    const outcomes = await sender.send(batch, recorder.report).catch((error: unknown) => {
      // A sender that throws failed the rest of its batch in passing: retried after a
      // back-off (what it reported before throwing is recorded as reported).
      log.warn({ err: error, channel: sender.channel }, 'alert sender threw');
      const message = error instanceof Error ? error.message : String(error);
      return batch.map((a) => ({
        deliveryId: a.deliveryId,
        status: 'retry' as const,
        error: message,
      }));
    });
    await recorder.finish(outcomes);
    for (const outcome of outcomes) pass[outcome.status] += 1;
    return { ...pass, claimed: batch.length };
  }
  return { tick };
}

/**
 * One channel's delivery loop: the step above (claim a batch, hand it to the sender, record the
 * outcomes as they come, outcome-recorder.ts); again at once while there is work, else sleep
 * until woken or the poll interval. Database errors are logged and retried with a growing pause:
 * the loop outlives a Postgres restart, and keeps the outcomes it could not record yet until it
 * can.
 */
export function startDispatchLoop<A extends Dispatchable>(
  outbox: DispatchOutbox<A>,
  sender: DispatchSender<A>,
  log: FastifyBaseLogger,
  options: DispatchOptions = DISPATCH_DEFAULTS,
): DispatchLoop {
  const stopping = new AbortController();
  let wakeUp: AbortController | undefined;
  let woken = false;
  const sleep = async (ms: number) => {
    if (woken || stopping.signal.aborted) {
      woken = false;
      return;
    }
    wakeUp = new AbortController();
    await pause(ms, AbortSignal.any([wakeUp.signal, stopping.signal]));
    wakeUp = undefined;
    woken = false;
  };
  const step = createDispatchStep(outbox, sender, log, options, stopping.signal);

  async function run() {
    let errorDelay = ERROR_DELAY_MS.first;
    // A burst of failed claims (a pool-acquire timeout under load, Postgres restarting) is
    // logged once when it starts and once when it ends, not at every retry.
    let failedTries = 0;
    while (!stopping.signal.aborted) {
      try {
        const pass = await step.tick();
        if (pass.yielded) {
          await sleep(YIELD_POLL_MS);
          continue;
        }
        errorDelay = ERROR_DELAY_MS.first;
        if (failedTries > 0) {
          log.info({ channel: sender.channel, failedTries }, 'alert dispatch works again');
          failedTries = 0;
        }
        if (pass.claimed < sender.batchSize) await sleep(options.pollMs);
      } catch (error) {
        // Claiming failed: nothing was taken, or a batch was leased without our knowing, and it
        // comes back after the lease. Never lost.
        failedTries += 1;
        if (failedTries === 1) {
          log.warn(
            { err: error, channel: sender.channel },
            'alert dispatch failed; retrying (logged once until it works)',
          );
        }
        await sleep(errorDelay);
        errorDelay = Math.min(errorDelay * 2, ERROR_DELAY_MS.max);
      }
    }
  }

  const done = run();
  return {
    tick: step.tick,
    wake() {
      woken = true;
      wakeUp?.abort();
    },
    async stop() {
      stopping.abort();
      await done;
    },
  };
}

/**
 * Whether to wait instead of claiming: a big match is being written, and we have not waited
 * `maxMs` for it yet. One look at the lock table per batch; none when `maxMs` is 0.
 */
function matchYielding(outbox: { bigMatchWriting(): Promise<boolean> }, maxMs: number) {
  let since: number | undefined;
  return async () => {
    if (maxMs <= 0) return false;
    if (!(await outbox.bigMatchWriting())) {
      since = undefined;
      return false;
    }
    since ??= Date.now();
    return Date.now() - since < maxMs;
  };
}
