import type { TPerformerDashboard, TVenueDashboard } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { moveShow } from '../support/fan-pages.ts';
import { fanInput, INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { withTwoProcesses } from '../support/second-process.ts';
import { announceAs, announceConfirmed, laterStart, member, startShow } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * The performer's and venue's dashboards from the per-user cache (http/private-cache.ts): never
 * another booker's dashboard, and each kind of change visible on the very next request, in this
 * process and in another one on the same database (B, which had the dashboard cached).
 */
let t: TestApp;
let b: FastifyInstance;
withTwoProcesses((started) => ({ t, b } = started));

type Party = { id: string; cookie: string };

async function performerPage(who: Party, app = b): Promise<TPerformerDashboard> {
  const response = await send(app, 'GET', '/api/dashboards/performer', who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function venuePage(who: Party, period = 30, app = b): Promise<TVenueDashboard> {
  const response = await send(app, 'GET', `/api/dashboards/venue?period=${period}`, who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** Read twice in B: the second answer comes from its cache. */
async function cachedPerformer(who: Party) {
  await performerPage(who);
  return performerPage(who);
}
async function cachedVenue(who: Party, period = 30) {
  await venuePage(who, period);
  return venuePage(who, period);
}

describe('the performer dashboard from the cache', () => {
  it("never answers with another performer's dashboard", async () => {
    const venue = await member(t, 'venue');
    const one = await member(t, 'performer');
    const two = await member(t, 'performer');
    const show = await announceConfirmed(t, one, venue, { startsAtLocal: laterStart(40) });
    for (let round = 0; round < 3; round += 1) {
      for (const app of [t.app, b]) {
        expect((await performerPage(one, app)).shows.upcoming.map((s) => s.id)).toEqual([show.id]);
        expect((await performerPage(two, app)).shows.upcoming).toEqual([]);
      }
    }
  });

  it('shows a new show, its confirmation, going marks, ticket clicks and a rename on the next request', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const fan = await member(t, 'fan');
    expect((await cachedPerformer(performer)).shows.pendingConfirmation).toEqual([]);

    const pending = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
      startsAtLocal: laterStart(41),
    });
    expect((await performerPage(performer)).shows.pendingConfirmation.map((s) => s.id)).toEqual([
      pending.id,
    ]);
    await send(t.app, 'POST', `/api/shows/${pending.id}/confirm`, venue.cookie);
    expect((await cachedPerformer(performer)).shows.upcoming).toMatchObject([
      { id: pending.id, going: 0, ticketClicks: 0 },
    ]);

    await send(t.app, 'PUT', `/api/shows/${pending.id}/attendance`, fan.cookie, {
      status: 'going',
    });
    expect((await cachedPerformer(performer)).shows.upcoming[0]?.going).toBe(1);

    expect((await send(t.app, 'GET', `/go/ticket/${pending.id}`, undefined)).statusCode).toBe(302);
    expect((await cachedPerformer(performer)).shows.upcoming[0]?.ticketClicks).toBe(1);

    const renamed = INPUTS.performer({ artistName: 'The Renamed' });
    expect((await saveProfile(t.app, 'performer', performer.cookie, renamed)).statusCode).toBe(200);
    expect((await performerPage(performer)).shows.upcoming[0]?.performerName).toBe('The Renamed');
  });

  it('shows a follow (followers, cities) and alerts delivered on the next request', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const fan = await member(t, 'fan', fanInput({ zipCode: '60601', homeCity: 'Chicago' }));
    const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(42) });
    expect((await cachedPerformer(performer)).followers.total).toBe(0);

    const body = { channels: ['email'] };
    await send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, body);
    const followed = await performerPage(performer);
    expect(followed.followers.total).toBe(1);
    expect(followed.topCities).toEqual([{ city: 'Chicago', state: 'IL', followers: 1 }]);

    await cachedPerformer(performer);
    // One statement, as the matcher's fan-out: the rollup (0018) sends the notice, once.
    await t.database.orm.execute(sql`
      insert into alert_deliveries (fan_id, show_event_id, channel, reason, state)
      select ${fan.id}, e.id, 'email', 'You watch them', 'sent'
      from show_events e where e.show_id = ${show.id} limit 1`);
    const delivered = (await performerPage(performer)).alertsDelivered;
    expect(delivered.find((d) => d.channel === 'email')?.delivered).toBe(1);
  });

  it('moves a show from upcoming to awaiting results once it starts, without any write', async () => {
    const performer = await member(t, 'performer');
    const show = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      externalVenue: {
        name: 'Garage Club',
        streetAddress: '9 Side Street',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
      },
      startsAtLocal: laterStart(43),
    });
    await moveShow(t, show.id, new Date(Date.now() + 1_500));
    expect((await cachedPerformer(performer)).shows.upcoming.map((s) => s.id)).toEqual([show.id]);
    const started = await eventually(async () => {
      const now = await performerPage(performer);
      return now.shows.upcoming.length === 0 && now;
    });
    expect(started.shows.awaitingResults.map((s) => s.id)).toEqual([show.id]);
  });
});

describe('the venue dashboard from the cache', () => {
  it("never answers with another venue's dashboard, nor another period's", async () => {
    const performer = await member(t, 'performer');
    const one = await member(t, 'venue');
    const two = await member(t, 'venue');
    const show = await announceConfirmed(t, performer, one, { startsAtLocal: laterStart(44) });
    await startShow(t, show.id, 24 * 60);
    await send(t.app, 'PUT', `/api/shows/${show.id}/results`, one.cookie, {
      attendance: 100,
      grossRevenue: 1000,
    });
    for (let round = 0; round < 3; round += 1) {
      for (const app of [t.app, b]) {
        expect((await venuePage(one, 30, app)).totals.events).toBe(0);
        expect((await venuePage(one, 90, app)).totals.events).toBe(1);
        expect((await venuePage(two, 90, app)).totals.events).toBe(0);
      }
    }
  });

  it('shows results, going marks (audience), a new show and a rename on the next request', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const fan = await member(t, 'fan', fanInput({ zipCode: '60601', homeCity: 'Chicago' }));
    const played = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(45) });
    await startShow(t, played.id, 24 * 2);
    expect((await cachedVenue(venue)).shows.awaitingResults.map((s) => s.id)).toEqual([played.id]);

    await send(t.app, 'PUT', `/api/shows/${played.id}/results`, venue.cookie, {
      attendance: 200,
      grossRevenue: 4000,
    });
    const withResults = await venuePage(venue);
    expect(withResults.totals).toEqual({ events: 1, attendance: 200, grossRevenue: 4000 });
    expect(withResults.shows.awaitingResults).toEqual([]);

    const next = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(46) });
    const withNext = await cachedVenue(venue);
    expect(withNext.shows.upcoming.map((s) => s.id)).toEqual([next.id]);
    const audienceBefore = withNext.audience;

    await send(t.app, 'PUT', `/api/shows/${next.id}/attendance`, fan.cookie, { status: 'going' });
    const withFan = await venuePage(venue);
    expect(withFan.shows.upcoming[0]?.going).toBe(1);
    expect(withFan.audience).not.toEqual(audienceBefore);

    await cachedVenue(venue);
    const renamed = INPUTS.performer({ artistName: 'Venue Headliner' });
    expect((await saveProfile(t.app, 'performer', performer.cookie, renamed)).statusCode).toBe(200);
    expect((await venuePage(venue)).shows.upcoming[0]?.performerName).toBe('Venue Headliner');
  });

  it('lets a played show leave the period when its day comes, without any write', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const show = await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(47) });
    // It leaves the 30-day period 1.5 s from now.
    await moveShow(t, show.id, new Date(Date.now() - 30 * 86_400_000 + 1_500));
    expect((await cachedVenue(venue)).totals.events).toBe(1);
    await eventually(async () => (await venuePage(venue)).totals.events === 0);
  });
});
