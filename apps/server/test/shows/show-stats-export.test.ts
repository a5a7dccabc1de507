import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stats from real rows, and the export', () => {
  it('counts shows, alerts, attendance and results per role', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const fan = await member(t, 'fan');
    const show = (day: number) =>
      announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(day) });
    const past = await show(0);
    const past2 = await show(1);
    const upcoming = await show(2);
    const cancelled = await show(3);
    await startShow(t, past.id);
    await startShow(t, past2.id);
    const results = (id: string, attendance: number, grossRevenue: number) =>
      send(t.app, 'PUT', `/api/shows/${id}/results`, venue.cookie, { attendance, grossRevenue });
    await results(past.id, 100, 1000);
    await results(past2.id, 201, 2000.5);
    await send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, {
      channels: ['push'],
    });
    const attend = (id: string, status: string) =>
      send(t.app, 'PUT', `/api/shows/${id}/attendance`, fan.cookie, { status });
    await attend(past.id, 'attended');
    await attend(upcoming.id, 'going');
    await attend(cancelled.id, 'going');
    // Going, then the show is cancelled: no longer counted as a show the fan goes to.
    await send(t.app, 'POST', `/api/shows/${cancelled.id}/cancel`, performer.cookie);

    const fanStats = await send(t.app, 'GET', '/api/stats/fan', fan.cookie);
    expect(fanStats.json()).toEqual({
      showsAttended: 1,
      showsGoingTo: 1,
      showsWatching: 1,
      alertsSet: 1,
    });
    const performerStats = (
      await send(t.app, 'GET', '/api/stats/performer', performer.cookie)
    ).json();
    expect(performerStats).toMatchObject({
      totalFollowers: 1,
      showsPlayed: 2,
      upcomingShows: 1,
      alertActivations: 1,
      averageAttendance: 151,
    });
    const venueStats = (await send(t.app, 'GET', '/api/stats/venue', venue.cookie)).json();
    expect(venueStats).toMatchObject({
      eventsHosted: 2,
      totalAttendance: 301,
      averageAttendance: 151,
      revenue30Days: 3000.5,
    });

    const exported = (await send(t.app, 'GET', '/api/account/export', fan.cookie)).json();
    expect(exported.artistAlerts).toHaveLength(1);
    expect(exported.showAttendance).toHaveLength(3);
    const performerExport = (
      await send(t.app, 'GET', '/api/account/export', performer.cookie)
    ).json();
    expect(performerExport.shows).toHaveLength(4);
  });
});
