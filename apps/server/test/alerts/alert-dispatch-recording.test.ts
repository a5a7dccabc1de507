import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender, OutgoingAlert, SendOutcome } from '../../src/alerts/channel-sender.ts';
import { mapConcurrently } from '../../src/alerts/channels/map-concurrently.ts';
import { type DispatchOptions, startDispatchLoop } from '../../src/alerts/dispatch-loop.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox, type Outbox } from '../../src/alerts/outbox.ts';
import { announcedToEmailWatchers, deliveries } from '../support/alerts.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clearPendingDeliveries, FAST_DISPATCH } from './support/dispatch.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Outcomes written in twos, soon: a batch's writes are many and seen while it is sent. */
const FAST: DispatchOptions = {
  ...FAST_DISPATCH,
  flushMs: 50,
  outcomeGroup: { email: 2, push: 2, sms: 2 },
};

/** `count` fans watching a new performer by email, announced and matched: rows pending. */
async function pendingEmails(count: number) {
  await clearPendingDeliveries(t);
  const { eventId } = await announcedToEmailWatchers(t, count);
  await matchEvent(t.database.orm, eventId);
  return async () => (await deliveries(t, eventId)).filter((r) => r.channel === 'email');
}

/** A sender that sends one alert at a time and reports each outcome as it goes. */
function reportingSender(beforeEach: (sent: number) => Promise<void> = async () => {}) {
  const received: OutgoingAlert[] = [];
  const sender: ChannelSender = {
    channel: 'email',
    batchSize: 100,
    send: (alerts, report) =>
      mapConcurrently(alerts, 1, async (alert) => {
        await beforeEach(received.length);
        received.push(alert);
        const outcome: SendOutcome = { deliveryId: alert.deliveryId, status: 'sent' };
        await report?.(outcome);
        return outcome;
      }),
  };
  return { sender, received };
}

/** The real outbox, whose writes fail while `failing()` says so (Postgres away). */
function flakyOutbox(failing: () => boolean): Outbox & { writes: () => number } {
  const real = createOutbox(t.database.orm, t.config.publicUrl);
  let writes = 0;
  return {
    ...real,
    async finish(...args) {
      writes += 1;
      if (failing()) throw new Error('Connection terminated unexpectedly');
      return real.finish(...args);
    },
    writes: () => writes,
  };
}

describe('recording outcomes', () => {
  it('writes outcomes while the batch is still being sent, in small groups', async () => {
    const emails = await pendingEmails(30);
    const sent = async () => (await emails()).filter((r) => r.state === 'sent').length;
    // Halfway through, the sender waits until the first outcomes are in the database.
    const { sender, received } = reportingSender(async (count) => {
      if (count === 15) await eventually(async () => (await sent()) >= 10);
    });
    const outbox = flakyOutbox(() => false);
    const loop = startDispatchLoop(outbox, sender, t.app.log, FAST);
    await eventually(async () => (await sent()) === 30);
    await loop.stop();
    expect(received).toHaveLength(30);
    expect(outbox.writes()).toBeGreaterThanOrEqual(5);
  });

  it('keeps outcomes whose write failed and writes them when the database answers, never re-sending', async () => {
    const emails = await pendingEmails(5);
    const { sender, received } = recordingSender('email');
    let failures = 2;
    const outbox = flakyOutbox(() => failures-- > 0);
    const loop = startDispatchLoop(outbox, sender, t.app.log, FAST);
    await eventually(async () => (await emails()).every((r) => r.state === 'sent'), 10_000);
    await loop.stop();
    expect(received).toHaveLength(5);
    expect((await emails()).map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1]);
  });

  it('renews the lease of a batch that makes progress, so a slow batch is not sent twice', async () => {
    const emails = await pendingEmails(8);
    // 100 ms a message: the batch takes 800 ms, its lease is 400 ms, a second loop is waiting.
    // The slowness is the scenario (a slow provider outlasting a lease), not a wait for a result.
    const { sender, received } = reportingSender(
      () => new Promise((resolve) => setTimeout(resolve, 100)),
    );
    const outbox = flakyOutbox(() => false);
    const options = { ...FAST, leaseMs: 400 };
    const loops = [1, 2].map(() => startDispatchLoop(outbox, sender, t.app.log, options));
    await eventually(async () => (await emails()).every((r) => r.state === 'sent'));
    await Promise.all(loops.map((l) => l.stop()));
    expect(received).toHaveLength(8);
  });

  it('holds the sender while outcomes cannot be written, and a stop then gives up the rest of the batch unsent', async () => {
    const emails = await pendingEmails(20);
    const { sender, received } = reportingSender();
    const outbox = flakyOutbox(() => true);
    const loop = startDispatchLoop(outbox, sender, t.app.log, FAST);
    // 2 · the outcome group (2) outcomes unrecorded, and the sender waits.
    await eventually(() => received.length === 4);
    await eventually(() => outbox.writes() >= 2);
    expect(received).toHaveLength(4);
    await loop.stop();
    expect(received).toHaveLength(4);
    // Nothing was recorded: all twenty come back when their lease runs out, four of them sent.
    expect((await emails()).every((r) => r.state === 'pending' && r.attempts === 0)).toBe(true);
  });
});
