import type { FastifyBaseLogger } from 'fastify';
import type { ChannelSender } from './channel-sender.ts';
import type { Outbox, RetryPolicy } from './outbox.ts';

export type DispatchOptions = RetryPolicy & {
  /** How long a claimed batch is reserved for its worker (it comes back after that). */
  leaseMs: number;
  /** How often an idle loop looks for due rows without being woken. */
  pollMs: number;
};

export const DISPATCH_DEFAULTS: DispatchOptions = {
  baseDelayMs: 1_000,
  maxDelayMs: 10 * 60_000,
  leaseMs: 2 * 60_000,
  pollMs: 1_000,
};

/** Back-off after database errors (a restarting Postgres): 0.5 s doubling to 30 s. */
const ERROR_DELAY_MS = { first: 500, max: 30_000 };

export type DispatchLoop = {
  /** Looks for work now instead of at the next poll (after a match). */
  wake(): void;
  /** Stops after the batch in hand is sent and recorded. */
  stop(): Promise<void>;
};

/**
 * One channel's delivery loop: claim a batch, hand it to the sender, record the outcomes; again
 * at once while there is work, else sleep until woken or the poll interval. Database errors are
 * logged and retried with a growing pause: the loop outlives a Postgres restart.
 */
export function startDispatchLoop(
  outbox: Outbox,
  sender: ChannelSender,
  log: FastifyBaseLogger,
  options: DispatchOptions = DISPATCH_DEFAULTS,
): DispatchLoop {
  let running = true;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  async function run() {
    let errorDelay = ERROR_DELAY_MS.first;
    while (running) {
      try {
        const batch = await outbox.claim(sender.channel, sender.batchSize, options.leaseMs);
        if (batch.length > 0) {
          const outcomes = await sender.send(batch).catch((error: unknown) => {
            // A sender that throws failed the whole batch in passing: retried after a back-off.
            log.warn({ err: error, channel: sender.channel }, 'alert sender threw');
            const message = error instanceof Error ? error.message : String(error);
            return batch.map((a) => ({
              deliveryId: a.deliveryId,
              status: 'retry' as const,
              error: message,
            }));
          });
          await outbox.finish(batch, outcomes, options);
        }
        errorDelay = ERROR_DELAY_MS.first;
        if (batch.length < sender.batchSize) await sleep(options.pollMs);
      } catch (error) {
        // A batch whose outcome could not be recorded stays leased and comes back after the
        // lease: at-least-once, never lost.
        log.warn({ err: error, channel: sender.channel }, 'alert dispatch failed; retrying');
        await sleep(errorDelay);
        errorDelay = Math.min(errorDelay * 2, ERROR_DELAY_MS.max);
      }
    }
  }

  const done = run();
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await done;
    },
  };
}
