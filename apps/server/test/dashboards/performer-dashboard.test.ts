import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performerDashboard } from '../support/dashboards.ts';
import { fanInput, send } from '../support/profile-inputs.ts';
import { announceAs, announceConfirmed, laterStart, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EXTERNAL = {
  name: 'Garage Club',
  streetAddress: '9 Side Street',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
} as const;

describe('the performer dashboard follows real rows', () => {
  it('followers, activations and cities move with follows, unfollows and re-follows', async () => {
    const performer = await member(t, 'performer');
    const fan = await member(t, 'fan', fanInput({ zipCode: '60601', homeCity: 'Chicago' }));
    const follow = () =>
      send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, { channels: ['push'] });
    const unfollow = () => send(t.app, 'DELETE', `/api/artists/${performer.id}/alert`, fan.cookie);

    const before = await performerDashboard(t, performer.cookie);
    expect(before.followers).toMatchObject({ total: 0, gainedThisMonth: 0, growthPercent: null });
    expect(before.followers.byMonth).toHaveLength(12);
    expect(before.followers.byMonth.at(-1)?.month).toBe(new Date().toISOString().slice(0, 7));
    expect(before.topCities).toEqual([]);
    expect(before.lastTour).toBeNull();
    expect(before.alertsDelivered).toEqual([
      { channel: 'in_app', delivered: 0 },
      { channel: 'push', delivered: 0 },
      { channel: 'email', delivered: 0 },
      { channel: 'sms', delivered: 0 },
    ]);

    expect((await follow()).statusCode).toBeLessThan(300);
    const followed = await performerDashboard(t, performer.cookie);
    expect(followed.followers).toMatchObject({ total: 1, gainedThisMonth: 1 });
    expect(followed.followers.byMonth.at(-1)?.followers).toBe(1);
    expect(followed.alertActivations).toEqual({ allTime: 1, thisMonth: 1 });
    expect(followed.topCities).toEqual([{ city: 'Chicago', state: 'IL', followers: 1 }]);
    // Changing the channels of an alert is not a new activation.
    await send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, {
      channels: ['email'],
    });
    expect((await performerDashboard(t, performer.cookie)).alertActivations.allTime).toBe(1);

    expect((await unfollow()).statusCode).toBeLessThan(300);
    const unfollowed = await performerDashboard(t, performer.cookie);
    expect(unfollowed.followers).toMatchObject({ total: 0, gainedThisMonth: 0 });
    expect(unfollowed.alertActivations).toEqual({ allTime: 1, thisMonth: 1 });
    expect(unfollowed.topCities).toEqual([]);

    await follow();
    const refollowed = await performerDashboard(t, performer.cookie);
    expect(refollowed.followers.total).toBe(1);
    expect(refollowed.alertActivations).toEqual({ allTime: 2, thisMonth: 2 });

    // The stats card and the Analytics tab read the same figures.
    const stats = (await send(t.app, 'GET', '/api/stats/performer', performer.cookie)).json();
    expect(stats).toMatchObject({
      totalFollowers: refollowed.followers.total,
      alertActivations: refollowed.alertActivations.allTime,
    });
  });

  it('last tour, results with merch, going counts, ticket clicks and deliveries', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue'); // capacity 350
    const fan = await member(t, 'fan');
    const show = (day: number) =>
      announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(day) });
    const [upcoming, lastNight, lastWeek, lastSeason] = [
      await show(0),
      await show(1),
      await show(2),
      await show(3),
    ];
    await startShow(t, lastNight.id, 24);
    await startShow(t, lastWeek.id, 24 * 7);
    // Sixty days before: another tour (the gap to last week's show is 30 days or more).
    await startShow(t, lastSeason.id, 24 * 60);
    const results = (id: string, body: Record<string, unknown>) =>
      send(t.app, 'PUT', `/api/shows/${id}/results`, venue.cookie, body);
    expect((await results(lastSeason.id, { attendance: 350, grossRevenue: 9000 })).statusCode).toBe(
      200,
    );

    const before = await performerDashboard(t, performer.cookie);
    expect(before.lastTour).toMatchObject({
      firstShow: expect.any(String),
      shows: 2,
      showsWithResults: 0,
      attendance: 0,
      attendanceRate: null,
      merchRevenue: null,
      merchPerHead: null,
    });
    expect(before.shows.awaitingResults.map((s) => [s.id, s.mayEnterResults])).toEqual([
      [lastNight.id, false],
      [lastWeek.id, false],
    ]);
    expect(before.shows.upcoming).toMatchObject([{ id: upcoming.id, going: 0, ticketClicks: 0 }]);
    expect(before.shows.upcoming[0]?.daysToShow).toBeGreaterThan(0);

    await results(lastNight.id, { attendance: 200, grossRevenue: 3000, merchRevenue: 1000 });
    await results(lastWeek.id, { attendance: 150, grossRevenue: 2000 });
    await send(t.app, 'PUT', `/api/shows/${upcoming.id}/attendance`, fan.cookie, {
      status: 'going',
    });
    await t.database.orm.execute(sql`
      insert into ticket_clicks (show_id, day, clicks)
      values (${upcoming.id}, current_date, 3), (${upcoming.id}, current_date - 1, 4)`);
    await t.database.orm.execute(sql`
      insert into alert_deliveries (fan_id, show_event_id, channel, reason, state)
      select ${fan.id}, e.id, c.channel, 'You watch them', c.state
      from show_events e,
        (values ('email', 'sent'), ('push', 'sent'), ('sms', 'failed')) c(channel, state)
      where e.show_id = ${upcoming.id} limit 3`);

    const after = await performerDashboard(t, performer.cookie);
    expect(after.lastTour).toMatchObject({
      shows: 2,
      showsWithResults: 2,
      attendance: 350,
      capacity: 700,
      attendanceRate: 0.5,
      merchRevenue: 1000,
      merchPerHead: 5,
    });
    expect(after.shows.awaitingResults).toEqual([]);
    expect(after.shows.upcoming).toMatchObject([{ id: upcoming.id, going: 1, ticketClicks: 7 }]);
    expect(after.alertsDelivered).toEqual([
      { channel: 'in_app', delivered: 0 },
      { channel: 'push', delivered: 1 },
      { channel: 'email', delivered: 1 },
      { channel: 'sms', delivered: 0 },
    ]);
  });

  it('lists shows awaiting results at external venues and shows pending confirmation', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const external = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      externalVenue: EXTERNAL,
    });
    await startShow(t, external.id);
    const mine = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
    });
    const theirs = await announceAs(t, venue.cookie, {
      performerId: performer.id,
      venueId: venue.id,
      startsAtLocal: laterStart(1),
    });

    const { shows } = await performerDashboard(t, performer.cookie);
    expect(shows.awaitingResults).toMatchObject([
      { id: external.id, mayEnterResults: true, venueName: EXTERNAL.name, city: 'Austin' },
    ]);
    const pending = new Map(shows.pendingConfirmation.map((s) => [s.id, s.waitingForMe]));
    expect(pending).toEqual(
      new Map([
        [mine.id, false],
        [theirs.id, true],
      ]),
    );
    expect(shows.upcoming).toEqual([]);
  });
});

describe('who may see the performer dashboard', () => {
  it('only a signed-in performer, never a fan or a venue', async () => {
    const fan = await member(t, 'fan');
    const venue = await member(t, 'venue');
    expect((await send(t.app, 'GET', '/api/dashboards/performer', undefined)).statusCode).toBe(401);
    for (const other of [fan, venue]) {
      const refused = await send(t.app, 'GET', '/api/dashboards/performer', other.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    const performer = await member(t, 'performer');
    const ok = await send(t.app, 'GET', '/api/dashboards/performer', performer.cookie);
    expect(ok.headers['cache-control']).toBe('no-store');
  });
});
