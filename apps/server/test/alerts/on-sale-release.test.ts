import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { releaseDueOnSales } from '../../src/alerts/on-sale-release.ts';
import { createShowRepo } from '../../src/repositories/show.repo.ts';
import { startAlertServer } from '../support/alert-server.ts';
import { deliveries, eventOf, fan, notificationSettings, watch } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { announceAs, announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A show announced with an on-sale time goes on sale when that time passes, and the
 * fans who want ticket sales hear of it, as when its performer changes the status by hand. The
 * workers' sweep runs `releaseDueOnSales`; here it is run one step at a time, with the on-sale
 * time moved into the past in the database (announcing refuses a past one).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const release = () => releaseDueOnSales(createShowRepo(t.database.orm));

async function onSaleTimePassed(showId: string) {
  await t.database.orm.execute(
    sql`update shows set on_sale_at = now() - interval '1 minute' where id = ${showId}`,
  );
}

async function statusOf(showId: string): Promise<string>;
async function statusOf(app: TestApp, showId: string): Promise<string>;
async function statusOf(...args: [string] | [TestApp, string]): Promise<string> {
  const [app, showId] = args.length === 1 ? [t, args[0]] : args;
  const { rows } = await app.database.orm.execute<{ status: string }>(
    sql`select status from shows where id = ${showId}`,
  );
  return rows[0]?.status ?? 'missing';
}

async function eventKinds(showId: string): Promise<string[]> {
  const { rows } = await t.database.orm.execute<{ kind: string }>(
    sql`select kind from show_events where show_id = ${showId} order by created_at`,
  );
  return rows.map((row) => row.kind);
}

describe('an on-sale time passing', () => {
  it('puts the show on sale once and alerts the watchers who want ticket sales', async () => {
    const performer = await member(t, 'performer', { artistName: 'Sale Time' });
    const venue = await member(t, 'venue', { zipCode: '60601' });
    const show = await announceConfirmed(t, performer, venue, {
      startsAtLocal: laterStart(40),
      onSaleAtLocal: laterStart(20),
    });
    const wantsSales = await fan(t, { zipCode: '10001' });
    await watch(t, wantsSales.cookie, performer.id, ['email']);
    const noSales = await fan(t, { zipCode: '10001' });
    await watch(t, noSales.cookie, performer.id, ['email']);
    await notificationSettings(t, noSales.cookie, { ticketSales: false });

    // Not yet due: nothing happens.
    expect(await release()).toBe(0);
    expect(await statusOf(show.id)).toBe('announced');

    await onSaleTimePassed(show.id);
    expect(await release()).toBe(1);
    expect(await statusOf(show.id)).toBe('on_sale');
    expect(await eventKinds(show.id)).toEqual(['announced', 'on_sale']);
    // A second sweep (or another worker process's) finds nothing left to do.
    expect(await release()).toBe(0);
    expect(await eventKinds(show.id)).toEqual(['announced', 'on_sale']);

    const eventId = await eventOf(t, show.id, 'on_sale');
    await matchEvent(t.database.orm, eventId);
    const sent = await deliveries(t, eventId);
    expect(sent.map((row) => [row.fan_id, row.channel])).toEqual(
      [
        [wantsSales.id, 'email'],
        [wantsSales.id, 'in_app'],
      ].sort(),
    );
    const page = await send(t.app, 'GET', `/api/shows/${show.id}`, undefined);
    expect(page.json().show.status).toBe('on_sale');
  });

  it('puts a show whose sale began days ago on sale without an alert: that is no news', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue', { zipCode: '60601' });
    const show = await announceConfirmed(t, performer, venue, {
      startsAtLocal: laterStart(46),
      onSaleAtLocal: laterStart(26),
    });
    await t.database.orm.execute(
      sql`update shows set on_sale_at = now() - interval '2 days' where id = ${show.id}`,
    );
    expect(await release()).toBe(1);
    expect(await statusOf(show.id)).toBe('on_sale');
    expect(await eventKinds(show.id)).toEqual(['announced']);
  });

  it('leaves alone a show not confirmed yet, cancelled, already on sale, or without a sale time', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue', { zipCode: '60601' });
    const pending = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
      startsAtLocal: laterStart(41),
      onSaleAtLocal: laterStart(21),
    });
    const cancelled = await announceConfirmed(t, performer, venue, {
      startsAtLocal: laterStart(42),
      onSaleAtLocal: laterStart(22),
    });
    await send(t.app, 'POST', `/api/shows/${cancelled.id}/cancel`, performer.cookie);
    const onSale = await announceConfirmed(t, performer, venue, {
      startsAtLocal: laterStart(43),
      onSaleAtLocal: laterStart(23),
    });
    await send(t.app, 'PATCH', `/api/shows/${onSale.id}`, performer.cookie, { status: 'on_sale' });
    const noTime = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(44) });
    for (const show of [pending, cancelled, onSale]) await onSaleTimePassed(show.id);
    const before = await Promise.all(
      [pending, cancelled, onSale, noTime].map((s) => eventKinds(s.id)),
    );

    expect(await release()).toBe(0);
    expect(await statusOf(pending.id)).toBe('announced');
    expect(await statusOf(cancelled.id)).toBe('cancelled');
    expect(await statusOf(onSale.id)).toBe('on_sale');
    expect(await statusOf(noTime.id)).toBe('announced');
    const after = await Promise.all(
      [pending, cancelled, onSale, noTime].map((s) => eventKinds(s.id)),
    );
    expect(after).toEqual(before);

    // Confirmed once its sale has started: it goes on sale at the next sweep.
    const confirmed = await send(t.app, 'POST', `/api/shows/${pending.id}/confirm`, venue.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(await release()).toBe(1);
    expect(await statusOf(pending.id)).toBe('on_sale');
  });
});

describe('the workers’ sweep', () => {
  it('puts a show on sale when its time passes, and the watcher’s email goes out', async () => {
    const email = recordingSender('email');
    const server = await startAlertServer({ senders: [email.sender], dispatch: { pollMs: 100 } });
    try {
      const performer = await member(server, 'performer', { artistName: 'Swept On Sale' });
      const venue = await member(server, 'venue', { zipCode: '60601' });
      const show = await announceConfirmed(server, performer, venue, {
        startsAtLocal: laterStart(45),
        onSaleAtLocal: laterStart(25),
      });
      const watcher = await fan(server, { zipCode: '10001' });
      await watch(server, watcher.cookie, performer.id, ['email']);
      await server.database.orm.execute(
        sql`update shows set on_sale_at = now() - interval '1 minute' where id = ${show.id}`,
      );
      // The sweep runs every few seconds: a deadline well past it.
      const mail = await eventually(
        () => email.received.find((alert) => alert.title === 'Tickets on sale: Swept On Sale'),
        30_000,
        100,
      );
      expect(mail.kind).toBe('on_sale');
      expect(await statusOf(server, show.id)).toBe('on_sale');
    } finally {
      await server.close();
    }
  });
});
