import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueDashboard } from '../support/dashboards.ts';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('the venue dashboard follows real rows', () => {
  it('genres, totals, months and the revenue snapshot move with results, per period', async () => {
    const venue = await member(t, 'venue'); // capacity 350
    const performer = await member(t, 'performer');
    const show = (genre: 'Rock' | 'Jazz', day: number) =>
      announceConfirmed(t, performer, venue, { genre, startsAtLocal: laterStart(day) });
    const rock = await show('Rock', 0);
    const jazz = await show('Jazz', 1);
    const longAgo = await show('Rock', 2);
    const upcoming = await show('Jazz', 3);
    await startShow(t, rock.id, 24 * 2);
    await startShow(t, jazz.id, 24 * 3);
    await startShow(t, longAgo.id, 24 * 100);

    const before = await venueDashboard(t, venue.cookie);
    expect(before.period).toBe(30);
    expect(before.totals).toEqual({ events: 2, attendance: 0, grossRevenue: 0 });
    expect(before.revenue).toEqual({
      showsWithResults: 0,
      averageAttendance: null,
      capacityRate: null,
      revenuePerShow: null,
    });
    expect(before.shows.awaitingResults.map((s) => [s.id, s.mayEnterResults])).toEqual([
      [rock.id, true],
      [jazz.id, true],
      [longAgo.id, true], // whatever the period: results are still to enter
    ]);
    expect(before.shows.upcoming.map((s) => s.id)).toEqual([upcoming.id]);

    const results = (id: string, attendance: number, grossRevenue: number) =>
      send(t.app, 'PUT', `/api/shows/${id}/results`, venue.cookie, { attendance, grossRevenue });
    await results(rock.id, 300, 6000);
    await results(jazz.id, 120, 1500.5);
    await results(longAgo.id, 350, 7000);

    const month = await venueDashboard(t, venue.cookie, 30);
    expect(month.genres).toEqual([
      { genre: 'Rock', events: 1, attendance: 300, grossRevenue: 6000 },
      { genre: 'Jazz', events: 1, attendance: 120, grossRevenue: 1500.5 },
    ]);
    expect(month.totals).toEqual({ events: 2, attendance: 420, grossRevenue: 7500.5 });
    expect(month.monthlyAttendance.at(-1)?.month).toBe(thisMonth());
    expect(month.monthlyAttendance.reduce((sum, m) => sum + m.attendance, 0)).toBe(420);
    expect(month.revenue).toEqual({
      showsWithResults: 2,
      averageAttendance: 210,
      capacityRate: 0.6,
      revenuePerShow: 3750.25,
    });
    expect(month.shows.awaitingResults).toEqual([]);

    const quarter = await venueDashboard(t, venue.cookie, 90);
    expect(quarter.totals.events).toBe(2);
    const year = await venueDashboard(t, venue.cookie, 365);
    expect(year.genres[0]).toEqual({
      genre: 'Rock',
      events: 2,
      attendance: 650,
      grossRevenue: 13000,
    });
    expect(year.monthlyAttendance.length).toBeGreaterThanOrEqual(12);

    // The stats card and the Analytics tab read the same figures (all shows are within a year).
    const stats = (await send(t.app, 'GET', '/api/stats/venue', venue.cookie)).json();
    expect(stats).toMatchObject({
      eventsHosted: year.totals.events,
      totalAttendance: year.totals.attendance,
      averageAttendance: year.revenue.averageAttendance,
      revenue30Days: month.totals.grossRevenue,
    });
  });

  it('breaks the audience down only from five fans on, on the server', async () => {
    const venue = await member(t, 'venue');
    const performer = await member(t, 'performer');
    const upcoming = await announceConfirmed(t, performer, venue);
    const fans = [];
    for (let i = 0; i < 5; i += 1) fans.push(await member(t, 'fan'));
    const going = (cookie: string, status: 'going' | null) =>
      send(t.app, 'PUT', `/api/shows/${upcoming.id}/attendance`, cookie, { status });
    for (const fan of fans.slice(0, 4)) await going(fan.cookie, 'going');

    const four = (await venueDashboard(t, venue.cookie)).audience;
    expect(four.fans).toBe(4);
    expect(four.averageAge).toBeNull();
    expect(four.genders.every((g) => g.fans === null)).toBe(true);
    expect(four.ageRanges.every((a) => a.fans === null)).toBe(true);
    expect(four.topZips).toEqual([]);

    const fifth = fans[4] as { cookie: string };
    await going(fifth.cookie, 'going');
    const five = (await venueDashboard(t, venue.cookie)).audience;
    // Every test fan is a 25-34 woman from 10001 (support/profile-inputs.ts).
    expect(five).toMatchObject({ fans: 5, averageAge: 29.5 });
    expect(five.genders).toContainEqual({ gender: 'female', fans: 5 });
    expect(five.genders).toContainEqual({ gender: 'male', fans: null });
    expect(five.ageRanges).toContainEqual({ ageRange: '25-34', fans: 5 });
    expect(five.topZips).toEqual([{ zipCode: '10001', city: 'New York', state: 'NY', fans: 5 }]);

    // A fan who moves takes their ZIP with them: 4 left at 10001 is not enough to list it.
    await send(t.app, 'PATCH', '/api/profile/fan', fifth.cookie, { zipCode: '60601' });
    const moved = (await venueDashboard(t, venue.cookie)).audience;
    expect(moved).toMatchObject({ fans: 5, topZips: [] });

    await going(fifth.cookie, null);
    expect((await venueDashboard(t, venue.cookie)).audience).toMatchObject({
      fans: 4,
      averageAge: null,
    });
  });
});

describe('the venue dashboard refuses', () => {
  it('a period other than 30, 90 or 365 days with a field error, and changes nothing', async () => {
    const venue = await member(t, 'venue');
    for (const period of ['7', 'abc', '30.5', '', '1e400']) {
      const refused = await send(
        t.app,
        'GET',
        `/api/dashboards/venue?period=${period}`,
        venue.cookie,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', fields: { period: 'Choose 30, 90 or 365 days' } },
      });
    }
    const defaulted = await send(t.app, 'GET', '/api/dashboards/venue', venue.cookie);
    expect(defaulted.json()).toMatchObject({ period: 30 });
    expect(defaulted.headers['cache-control']).toBe('no-store');
  });

  it('anyone but a signed-in venue', async () => {
    const fan = await member(t, 'fan');
    const performer = await member(t, 'performer');
    expect((await send(t.app, 'GET', '/api/dashboards/venue', undefined)).statusCode).toBe(401);
    for (const other of [fan, performer]) {
      const refused = await send(t.app, 'GET', '/api/dashboards/venue', other.cookie);
      expect(refused.statusCode).toBe(403);
    }
  });
});
