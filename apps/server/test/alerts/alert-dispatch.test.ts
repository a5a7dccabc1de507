import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelSender, OutgoingAlert } from '../../src/alerts/channel-sender.ts';
import { releaseDigest } from '../../src/alerts/digest.ts';
import { startDispatchLoop } from '../../src/alerts/dispatch-loop.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { deliveries, eventOf, fan, watch } from '../support/alerts.ts';
import { alertWhen } from '../support/dates.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  clearPendingDeliveries,
  dispatchPass,
  FAST_DISPATCH as FAST,
  startTestDispatchLoop,
} from './support/dispatch.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An announced show watched by `count` fans by email, matched: their email rows are pending. */
async function pendingEmails(count: number) {
  const performer = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const fans = await Promise.all(Array.from({ length: count }, () => fan(t)));
  for (const f of fans) await watch(t, f.cookie, performer.id, ['email']);
  const show = await announceConfirmed(t, performer, venue, {
    genre: 'Rock',
  });
  const eventId = await eventOf(t, show.id, 'announced');
  await matchEvent(t.database.orm, eventId);
  const emails = async () =>
    (await deliveries(t, eventId)).filter(
      (r) => r.channel === 'email' && fans.some((f) => f.id === r.fan_id),
    );
  return { show, eventId, fans, emails };
}

/** One more dispatch pass, driven: what it claimed is what a running loop would send next. */
function nextPass(sender: ChannelSender) {
  return dispatchPass(t, sender, FAST);
}

describe('dispatch', () => {
  it('sends each alert once, with its texts, and marks it sent', async () => {
    await clearPendingDeliveries(t);
    const { show, emails, fans } = await pendingEmails(3);
    const { sender, received } = recordingSender('email');
    const loop = startTestDispatchLoop(t, sender);
    await eventually(async () => (await emails()).every((r) => r.state === 'sent'));
    await loop.stop();
    // Sent rows are never claimed again: the next pass finds nothing.
    expect(await nextPass(sender)).toMatchObject({ claimed: 0 });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((a) => a.fanId))).toEqual(new Set(fans.map((f) => f.id)));
    const alert = received[0] as OutgoingAlert;
    expect(alert).toMatchObject({
      channel: 'email',
      kind: 'announced',
      title: 'Night Static announced a show',
      // A Chicago time for a fan at home in New York names its zone.
      body: `${alertWhen('Jun', 14, '8:00 PM', 'CDT')} · The Lantern, Chicago, IL`,
      reason: 'You watch Night Static — headlining',
      showId: show.id,
      showUrl: `http://localhost:3000/shows/${show.id}`,
      phone: expect.stringMatching(/^\(646\) /),
      attempts: 0,
    });
    expect(alert.email).toMatch(/@example\.com$/);
  });

  it('retries a passing failure after a back-off, then succeeds', async () => {
    await clearPendingDeliveries(t);
    const { emails } = await pendingEmails(1);
    const { sender, received } = recordingSender('email', (_a, attempt) =>
      attempt < 3 ? 'retry' : 'sent',
    );
    const started = Date.now();
    const loop = startTestDispatchLoop(t, sender);
    await eventually(async () => (await emails())[0]?.state === 'sent');
    const elapsed = Date.now() - started;
    await loop.stop();
    expect(received.map((a) => a.attempts)).toEqual([0, 1, 2]);
    // Back-offs of 100 ms then 200 ms came between the attempts.
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect((await emails())[0]).toMatchObject({ attempts: 3, last_error: null });
  });

  it('keeps a failure for good with its reason and never retries it', async () => {
    await clearPendingDeliveries(t);
    const { emails } = await pendingEmails(1);
    const { sender, received } = recordingSender('email', () => 'failed');
    const loop = startTestDispatchLoop(t, sender);
    await eventually(async () => (await emails())[0]?.state === 'failed');
    await loop.stop();
    expect(await nextPass(sender)).toMatchObject({ claimed: 0 });
    expect(received).toHaveLength(1);
    expect((await emails())[0]).toMatchObject({
      attempts: 1,
      last_error: 'provider said failed (#1)',
    });
  });

  it('holds digest rows until the daily digest releases them', async () => {
    await clearPendingDeliveries(t);
    const { emails } = await pendingEmails(2);
    await t.database.orm.execute(
      sql`update alert_deliveries set digest = true where state = 'pending'`,
    );
    const { sender, received } = recordingSender('email');
    // Held rows are not due: a dispatch pass claims none of them.
    expect(await nextPass(sender)).toMatchObject({ claimed: 0 });
    expect(received).toEqual([]);
    const loop = startTestDispatchLoop(t, sender);
    expect(await releaseDigest(t.database.orm)).toEqual({ messages: 2, carried: 0 });
    await eventually(async () => (await emails()).every((r) => r.state === 'sent' && !r.digest));
    await loop.stop();
    expect(received).toHaveLength(2);
  });

  it('retries a batch whose sender threw', async () => {
    await clearPendingDeliveries(t);
    const { emails } = await pendingEmails(2);
    const recorder = recordingSender('email');
    let calls = 0;
    const sender = {
      ...recorder.sender,
      async send(alerts: OutgoingAlert[]) {
        calls += 1;
        if (calls === 1) throw new Error('connection reset by provider');
        return recorder.sender.send(alerts);
      },
    };
    const loop = startTestDispatchLoop(t, sender);
    await eventually(async () => (await emails()).every((r) => r.state === 'sent'));
    await loop.stop();
    expect(recorder.received.map((a) => a.attempts)).toEqual([1, 1]);
    expect((await emails()).map((r) => r.attempts)).toEqual([2, 2]);
  });

  it('a batch claimed by a worker that died comes back when its lease runs out', async () => {
    await clearPendingDeliveries(t);
    const { emails } = await pendingEmails(2);
    const outbox = createOutbox(t.database.orm, t.config.publicUrl);
    // The "crashed" worker: claims with a 500 ms lease and is never heard of again.
    const lost = await outbox.claim('email', 10, 500);
    expect(lost).toHaveLength(2);
    const { sender, received } = recordingSender('email');
    const claimedAt = Date.now();
    const loop = startDispatchLoop(outbox, sender, t.app.log, FAST);
    await eventually(async () => (await emails()).every((r) => r.state === 'sent'));
    await loop.stop();
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(400);
    expect(received.map((a) => a.deliveryId).sort()).toEqual(lost.map((a) => a.deliveryId).sort());
  });

  it('several loops on one channel share the work without sending anything twice', async () => {
    await clearPendingDeliveries(t);
    const { emails } = await pendingEmails(12);
    const { sender, received } = recordingSender('email', () => 'sent', 2);
    const outbox = createOutbox(t.database.orm, t.config.publicUrl);
    const loops = [1, 2, 3].map(() => startDispatchLoop(outbox, sender, t.app.log, FAST));
    await eventually(async () => (await emails()).every((r) => r.state === 'sent'));
    await Promise.all(loops.map((l) => l.stop()));
    expect(received).toHaveLength(12);
    expect(new Set(received.map((a) => a.deliveryId)).size).toBe(12);
  });
});
