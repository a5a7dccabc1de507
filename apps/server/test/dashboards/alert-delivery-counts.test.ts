import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryKey } from '../../src/alerts/channel-sender.ts';
import { releaseDigest } from '../../src/alerts/digest.ts';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { createOutbox } from '../../src/alerts/outbox.ts';
import { eventOf, fan, notificationSettings } from '../support/alerts.ts';
import { bulkFans } from '../support/bulk-fans.ts';
import { performerDashboard } from '../support/dashboards.ts';
import { YEAR } from '../support/dates.ts';
import { announceConfirmed, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LEASE_MS = 60_000;
const policy = { baseDelayMs: 0, maxDelayMs: 0 };

const rows = async (query: ReturnType<typeof sql>) =>
  (await t.database.orm.execute<Record<string, unknown>>(query)).rows;

/** The rollup (migration 0018) against the plain count over the outbox, as sorted lists. */
async function expectCountsTrue() {
  const rollup = await rows(sql`
    select show_event_id, channel, delivered as n from alert_delivery_counts
    where delivered <> 0 order by 1, 2`);
  expect(rollup).toEqual(
    await rows(sql`
      select show_event_id, channel, count(*)::int as n from alert_deliveries
      where state = 'sent' group by 1, 2 order by 1, 2`),
  );
  return rollup;
}

async function delivered(performer: { cookie: string }) {
  const dashboard = await performerDashboard(t, performer.cookie);
  return Object.fromEntries(dashboard.alertsDelivered.map((d) => [d.channel, d.delivered]));
}

describe('alerts delivered: the per-event rollup agrees with the outbox', () => {
  it('through matching, sent, failed and retried outcomes, a digest, read marks and deletions', async () => {
    const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
    const [p1, p2] = [
      await member(t, 'performer', { artistName: 'Counted One' }),
      await member(t, 'performer', { artistName: 'Counted Two' }),
    ];
    // Watchers in New York (email and SMS), and one Chicago Rock fan on the daily digest.
    const watchers = await bulkFans(t.database.orm, {
      count: 30,
      performerId: p1.id,
      channels: ['email'],
    });
    await bulkFans(t.database.orm, { count: 10, performerId: p2.id, channels: ['email'] });
    const daily = await fan(t, {
      zipCode: '60614',
      homeCity: 'Chicago',
      favoriteGenres: ['Rock'],
    });
    await notificationSettings(t, daily.cookie, { genreAlerts: 'daily', push: false });

    const s1 = await announceConfirmed(t, p1, venue, {
      genre: 'Rock',
      startsAtLocal: `${YEAR}-10-01T20:00`,
    });
    const s2 = await announceConfirmed(t, p2, venue, {
      genre: 'Rock',
      startsAtLocal: `${YEAR}-10-02T20:00`,
    });
    await matchEvent(t.database.orm, await eventOf(t, s1.id, 'announced'));
    const s2Event = await eventOf(t, s2.id, 'announced');
    await matchEvent(t.database.orm, s2Event);
    await expectCountsTrue();
    // In-app alerts are delivered when written; the rest waits for a worker.
    expect(await delivered(p1)).toMatchObject({ in_app: 31, email: 0 });

    // Outcomes: sent, failed and retried in one recorded statement.
    const outbox = createOutbox(t.database.orm, t.config.publicUrl);
    const claimed = await outbox.claim('email', 1000, LEASE_MS);
    const ofP1 = await rows(sql`
      select d.show_event_id, d.fan_id from alert_deliveries d
      join show_events e on e.id = d.show_event_id
      where e.show_id = ${s1.id} and d.channel = 'email' and not d.digest`);
    const p1Ids = new Set(
      ofP1.map((r) => deliveryKey(String(r.show_event_id), String(r.fan_id), 'email')),
    );
    await outbox.finish(
      claimed,
      claimed.map((alert, i) =>
        !p1Ids.has(alert.deliveryId) || i % 3 === 0
          ? { deliveryId: alert.deliveryId, status: 'sent' as const }
          : i % 3 === 1
            ? { deliveryId: alert.deliveryId, status: 'failed' as const, error: '550 no such user' }
            : { deliveryId: alert.deliveryId, status: 'retry' as const, error: '451 later' },
      ),
      policy,
    );
    await expectCountsTrue();
    const sentOfP1 = claimed.filter((a, i) => p1Ids.has(a.deliveryId) && i % 3 === 0).length;
    expect(sentOfP1).toBeGreaterThan(0);
    expect(await delivered(p1)).toMatchObject({ in_app: 31, email: sentOfP1 });

    // The retried ones go out on the next claim.
    const retried = await outbox.claim('email', 1000, LEASE_MS);
    expect(retried.length).toBeGreaterThan(0);
    await outbox.finish(
      retried,
      retried.map((a) => ({ deliveryId: a.deliveryId, status: 'sent' as const })),
      policy,
    );
    await expectCountsTrue();

    // The digest: one message carries both shows; sent, each carried row counts for its show.
    expect(await releaseDigest(t.database.orm)).toEqual({ messages: 1, carried: 1 });
    const [carrier] = await outbox.claim('email', 1000, LEASE_MS);
    if (!carrier) throw new Error('no digest carrier');
    await outbox.finish([carrier], [{ deliveryId: carrier.deliveryId, status: 'sent' }], policy);
    const afterDigest = await expectCountsTrue();
    expect(
      afterDigest.filter((r) => r.channel === 'email').reduce((n, r) => n + Number(r.n), 0),
    ).toBe(await countSent('email'));

    // A read mark changes nothing; a deleted fan and a deleted show take their counts with them.
    const before = await delivered(p1);
    await t.database.orm.execute(sql`
      update alert_deliveries set read_at = now() where channel = 'in_app'`);
    expect(await delivered(p1)).toEqual(before);
    await t.database.orm.execute(sql`delete from "user" where id = ${watchers[0]?.id}`);
    await expectCountsTrue();
    expect((await delivered(p1)).in_app).toBe(30);
    await t.database.orm.execute(sql`delete from shows where id = ${s2.id}`);
    await expectCountsTrue();
    expect(
      await rows(sql`
      select 1 from alert_delivery_counts where show_event_id = ${s2Event}`),
    ).toEqual([]);
    expect(await delivered(p2)).toMatchObject({ in_app: 0, email: 0 });
  });
});

async function countSent(channel: string): Promise<number> {
  const [row] = await rows(sql`
    select count(*)::int as n from alert_deliveries where state = 'sent' and channel = ${channel}`);
  return Number(row?.n);
}
