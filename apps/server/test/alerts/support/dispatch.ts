import { sql } from 'drizzle-orm';
import type { ChannelSender } from '../../../src/alerts/channel-sender.ts';
import {
  createDispatchStep,
  DISPATCH_DEFAULTS,
  type DispatchOptions,
  startDispatchLoop,
} from '../../../src/alerts/dispatch-loop.ts';
import { createOutbox } from '../../../src/alerts/outbox.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * The dispatch tests' loop settings: back-offs of 100 ms doubling up to 400 ms and 50 ms polls, so
 * a retry comes in tenths of a second; a lease far longer than a test, so a batch only comes back
 * when a test shortens the lease on purpose.
 */
export const FAST_DISPATCH: DispatchOptions = {
  ...DISPATCH_DEFAULTS,
  baseDelayMs: 100,
  maxDelayMs: 400,
  leaseMs: 60_000,
  pollMs: 50,
};

/**
 * So that a test's loop claims only the rows the test itself made: an earlier test in the same
 * file may have left rows pending (a loop stopped mid-batch, a digest held).
 */
export async function clearPendingDeliveries(t: TestApp): Promise<void> {
  await t.database.orm.execute(sql`delete from alert_deliveries where state = 'pending'`);
}

/** A dispatch loop on the test app's real outbox, as a worker runs one per channel. */
export function startTestDispatchLoop(
  t: TestApp,
  sender: ChannelSender,
  options: DispatchOptions = FAST_DISPATCH,
) {
  return startDispatchLoop(
    createOutbox(t.database.orm, t.config.publicUrl),
    sender,
    t.app.log,
    options,
  );
}

/** One dispatch pass on the test app's real outbox, driven: what a running loop would send next. */
export function dispatchPass(
  t: TestApp,
  sender: ChannelSender,
  options: DispatchOptions = FAST_DISPATCH,
) {
  return createDispatchStep(
    createOutbox(t.database.orm, t.config.publicUrl),
    sender,
    t.app.log,
    options,
  ).tick();
}
