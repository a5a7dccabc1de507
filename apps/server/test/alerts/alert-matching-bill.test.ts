import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchEvent } from '../../src/alerts/match-event.ts';
import { eventOf, fan, watch } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, answerAs, laterStart, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every delivery of any event of the show: [fan, event kind, channel, reason]. */
async function alertsOf(showId: string) {
  const { rows } = await t.database.orm.execute<{
    fan_id: string;
    kind: string;
    channel: string;
    reason: string;
  }>(sql`
    select d.fan_id, e.kind, d.channel, d.reason from alert_deliveries d
    join show_events e on e.id = d.show_event_id
    where e.show_id = ${showId} order by e.created_at, d.fan_id, d.channel`);
  return rows;
}

/** Matches every unmatched event of the show, oldest first. */
async function matchShow(showId: string) {
  const { rows } = await t.database.orm.execute<{ id: string }>(sql`
    select id from show_events where show_id = ${showId} and matched_at is null
    order by created_at`);
  for (const { id } of rows) await matchEvent(t.database.orm, id);
}

/**
 * A Rock bill in Chicago: headliner H, and two Encore artists both called Night Static (A and B)
 * of whom only A is asked to support. Fans live in New York and like Jazz, so only watching
 * brings them an alert: of H, of A, of B, and of both H and A (by email for H, push for A).
 */
async function stage() {
  const headliner = await member(t, 'performer', { artistName: 'The Harbour Lights' });
  const a = await member(t, 'performer', { artistName: 'Night Static' });
  const b = await member(t, 'performer', { artistName: 'Night Static' });
  const venue = await member(t, 'venue', { venueName: 'The Lantern', zipCode: '60601' });
  const faraway = { zipCode: '10001', favoriteGenres: ['Jazz'] };
  const [ofH, ofA, ofB, ofHandA] = [
    await fan(t, faraway),
    await fan(t, faraway),
    await fan(t, faraway),
    await fan(t, faraway),
  ];
  await watch(t, ofH.cookie, headliner.id, ['email']);
  await watch(t, ofA.cookie, a.id, ['email']);
  await watch(t, ofB.cookie, b.id, ['email']);
  await watch(t, ofHandA.cookie, headliner.id, ['email']);
  await watch(t, ofHandA.cookie, a.id, ['push']);
  const fans = { ofH, ofA, ofB, ofHandA };
  return { headliner, a, b, venue, fans };
}

type Stage = Awaited<ReturnType<typeof stage>>;

/** Each stage fan's in-app alerts of the show (one per alert): kind and reason. */
async function byFan(s: Stage, showId: string) {
  const rows = (await alertsOf(showId)).filter((r) => r.channel === 'in_app');
  const of = (id: string) => rows.filter((r) => r.fan_id === id);
  return Object.fromEntries(
    Object.entries(s.fans).map(([name, f]) => [name, of(f.id).map((r) => `${r.kind} ${r.reason}`)]),
  );
}

const actAnswer = (cookie: string, showId: string, answer: 'confirm' | 'decline') =>
  send(t.app, 'POST', `/api/shows/${showId}/acts/${answer}`, cookie);

describe('a multi-artist bill with two Encore artists of the same name', () => {
  it('alerts the watchers of the headliner and of the act that confirmed, each once, never the namesake', async () => {
    const s = await stage();
    const pending = await announceAs(t, s.headliner.cookie, {
      performerId: s.headliner.id,
      venueId: s.venue.id,
      genre: 'Rock',
      supportingActs: [{ performerId: s.a.id }, { name: 'Typed Opener' }],
    });
    await answerAs(t, s.venue.cookie, pending.id);
    await matchShow(pending.id);
    // A has not confirmed: its watchers hear nothing yet; H's do, once per channel.
    expect(await byFan(s, pending.id)).toEqual({
      ofH: ['announced You watch The Harbour Lights — headlining'],
      ofA: [],
      ofB: [],
      ofHandA: ['announced You watch The Harbour Lights — headlining'],
    });

    const confirmed = await actAnswer(s.a.cookie, pending.id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await matchShow(pending.id);
    // A's watchers hear of it now; the fan watching H and A already had it: nothing more.
    expect(await byFan(s, pending.id)).toEqual({
      ofH: ['announced You watch The Harbour Lights — headlining'],
      ofA: ['lineup_change You watch Night Static — supporting'],
      ofB: [],
      ofHandA: ['announced You watch The Harbour Lights — headlining'],
    });
    // One alert per fan and channel: the fan watching both has the headliner watch's channels.
    const both = (await alertsOf(pending.id)).filter((r) => r.fan_id === s.fans.ofHandA.id);
    expect(both.map((r) => r.channel)).toEqual(['email', 'in_app']);
    // Confirming again changes nothing and tells nobody again.
    const before = (await alertsOf(pending.id)).length;
    expect((await actAnswer(s.a.cookie, pending.id, 'confirm')).statusCode).toBe(200);
    await matchShow(pending.id);
    expect((await alertsOf(pending.id)).length).toBe(before);
  });

  it('announces a bill whose act confirmed first to both audiences at once, one alert per fan', async () => {
    const s = await stage();
    const pending = await announceAs(t, s.headliner.cookie, {
      performerId: s.headliner.id,
      venueId: s.venue.id,
      genre: 'Rock',
      startsAtLocal: laterStart(1),
      supportingActs: [{ performerId: s.a.id }],
    });
    expect((await actAnswer(s.a.cookie, pending.id, 'confirm')).statusCode).toBe(200);
    // The show still waits for its venue: nobody is told, A's confirmation included.
    const { rows } = await t.database.orm.execute(
      sql`select 1 from show_events where show_id = ${pending.id}`,
    );
    expect(rows).toEqual([]);
    await answerAs(t, s.venue.cookie, pending.id);
    await matchShow(pending.id);
    expect(await byFan(s, pending.id)).toEqual({
      ofH: ['announced You watch The Harbour Lights — headlining'],
      ofA: ['announced You watch Night Static — supporting'],
      ofB: [],
      ofHandA: ['announced You watch The Harbour Lights — headlining'],
    });
    // The show is on A's public page, marked as its support slot by its headliner; never on B's.
    const pageOf = async (id: string) =>
      (await send(t.app, 'GET', `/api/artists/${id}`, undefined))
        .json()
        .upcoming.map((x: { id: string }) => x.id);
    expect(await pageOf(s.a.id)).toEqual([pending.id]);
    expect(await pageOf(s.b.id)).toEqual([]);
  });

  it('a declined or pending slot: not on the act’s page, its watchers never told', async () => {
    const s = await stage();
    const show = await announceAs(t, s.venue.cookie, {
      performerId: s.headliner.id,
      venueId: s.venue.id,
      genre: 'Rock',
      startsAtLocal: laterStart(2),
      supportingActs: [{ performerId: s.a.id }, { performerId: s.b.id }],
    });
    await answerAs(t, s.headliner.cookie, show.id);
    // A is asked (in its notices and its own shows, with its slot's state); B declines.
    const mine = await send(t.app, 'GET', '/api/shows/mine', s.a.cookie);
    const listed = mine.json().shows.find((x: { id: string }) => x.id === show.id);
    expect(listed.supportingActs).toEqual([
      { name: 'Night Static', performerId: s.a.id, confirmation: 'pending' },
    ]);
    expect(listed.attendance).toBeNull();
    expect((await actAnswer(s.b.cookie, show.id, 'decline')).statusCode).toBe(200);
    expect((await actAnswer(s.b.cookie, show.id, 'confirm')).statusCode).toBe(409);
    await matchShow(show.id);
    expect(await byFan(s, show.id)).toEqual({
      ofH: ['announced You watch The Harbour Lights — headlining'],
      ofA: [],
      ofB: [],
      ofHandA: ['announced You watch The Harbour Lights — headlining'],
    });
    for (const act of [s.a, s.b]) {
      const page = (await send(t.app, 'GET', `/api/artists/${act.id}`, undefined)).json();
      expect(page.upcoming).toEqual([]);
    }
    // The public show page names neither; its venue sees both slots with their word.
    const publicPage = (await send(t.app, 'GET', `/api/shows/${show.id}`, undefined)).json();
    expect(publicPage.show.supportingActs).toEqual([]);
    const venuePage = (await send(t.app, 'GET', `/api/shows/${show.id}`, s.venue.cookie)).json();
    expect(venuePage.show.supportingActs).toEqual([
      { name: 'Night Static', performerId: s.a.id, confirmation: 'pending' },
      { name: 'Night Static', performerId: s.b.id, confirmation: 'declined' },
    ]);
    const declinedMine = await send(t.app, 'GET', '/api/shows/mine', s.b.cookie);
    expect(declinedMine.json().shows.map((x: { id: string }) => x.id)).not.toContain(show.id);
  });

  it('an act added by an edit: a line-up change for the show’s audience, its own watchers once it confirms', async () => {
    const s = await stage();
    const pending = await announceAs(t, s.headliner.cookie, {
      performerId: s.headliner.id,
      venueId: s.venue.id,
      genre: 'Rock',
      startsAtLocal: laterStart(3),
      supportingActs: [],
    });
    await answerAs(t, s.venue.cookie, pending.id);
    await matchShow(pending.id);
    const edited = await send(t.app, 'PATCH', `/api/shows/${pending.id}`, s.headliner.cookie, {
      supportingActs: [{ performerId: s.a.id }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().show.supportingActs).toEqual([
      { name: 'Night Static', performerId: s.a.id, confirmation: 'pending' },
    ]);
    await eventOf(t, pending.id, 'lineup_change');
    await matchShow(pending.id);
    expect((await byFan(s, pending.id)).ofA).toEqual([]);
    expect((await actAnswer(s.a.cookie, pending.id, 'confirm')).statusCode).toBe(200);
    await matchShow(pending.id);
    expect(await byFan(s, pending.id)).toEqual({
      ofH: [
        'announced You watch The Harbour Lights — headlining',
        'lineup_change You watch The Harbour Lights — headlining',
      ],
      ofA: ['lineup_change You watch Night Static — supporting'],
      ofB: [],
      ofHandA: [
        'announced You watch The Harbour Lights — headlining',
        'lineup_change You watch The Harbour Lights — headlining',
      ],
    });
    // The same bill sent again (A kept, now confirmed) is no change at all.
    const again = await send(t.app, 'PATCH', `/api/shows/${pending.id}`, s.headliner.cookie, {
      supportingActs: [{ performerId: s.a.id }],
    });
    expect(again.json().show.supportingActs).toEqual([
      { name: 'Night Static', performerId: s.a.id, confirmation: 'confirmed' },
    ]);
    const { rows } = await t.database.orm.execute(
      sql`select 1 from show_events where show_id = ${pending.id} and matched_at is null`,
    );
    expect(rows).toEqual([]);
  });
});
