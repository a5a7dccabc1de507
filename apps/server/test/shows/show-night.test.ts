import { SHOW_MESSAGES as S, type TShow, type TShowInput } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { announceAs, answerAs, member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EARLY = `${YEAR}-07-10T19:00`;
const LATE = `${YEAR}-07-10T22:30`;
const NEXT_NIGHT = `${YEAR}-07-11T20:00`;

/** A venue with a confirmed show of one performer on EARLY's night, and a second performer. */
async function bookedNight() {
  const venue = await member(t, 'venue', { venueName: 'The Lantern' });
  const first = await member(t, 'performer', { artistName: 'Night Static' });
  const second = await member(t, 'performer', { artistName: 'Velvet Echo' });
  const pending = await announceAs(t, first.cookie, {
    performerId: first.id,
    venueId: venue.id,
    startsAtLocal: EARLY,
  });
  const booked = await answerAs(t, venue.cookie, pending.id);
  return { venue, first, second, booked };
}

/**
 * Two performers' shows at one venue on EARLY's night, neither confirmed yet: the early one
 * announced by `earlyBy` (its performer, or the venue itself), the late one by its performer.
 */
async function twoShowsOneNight(earlyBy: 'performer' | 'venue') {
  const venue = await member(t, 'venue', { venueName: 'The Lantern' });
  const a = await member(t, 'performer');
  const b = await member(t, 'performer');
  const early = await announceAs(t, (earlyBy === 'venue' ? venue : a).cookie, {
    performerId: a.id,
    venueId: venue.id,
    startsAtLocal: EARLY,
  });
  const late = await announceAs(t, b.cookie, {
    performerId: b.id,
    venueId: venue.id,
    startsAtLocal: LATE,
  });
  return { venue, a, early, late };
}

const announce = (cookie: string, input: Partial<TShowInput>) =>
  send(t.app, 'POST', '/api/shows', cookie, showInput(input));
const confirm = (cookie: string, id: string, body?: unknown) =>
  send(t.app, 'POST', `/api/shows/${id}/confirm`, cookie, body);

function refused(
  response: { statusCode: number; json: () => unknown },
  message: string,
  id: string,
) {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({
    error: { code: 'NIGHT_TAKEN', message, detail: { showId: id } },
  });
}

async function announcedEvents(venueId: string) {
  const { rows } = await t.database.orm.execute<{ n: number }>(sql`
    select count(*)::int as n from show_events e join shows s on s.id = e.show_id
    where s.venue_id = ${venueId} and e.kind = 'announced'`);
  return rows[0]?.n;
}

async function showsAt(venueId: string) {
  const { rows } = await t.database.orm.execute<{ n: number }>(
    sql`select count(*)::int as n from shows where venue_id = ${venueId}`,
  );
  return rows[0]?.n;
}

describe('a venue’s night holds one show unless the venue says it holds two', () => {
  it('announcing on a night the venue holds is a 409 naming the venue, then 201 with the answer', async () => {
    const { venue, second, booked } = await bookedNight();
    const late = { performerId: second.id, venueId: venue.id, startsAtLocal: LATE };
    refused(await announce(second.cookie, late), S.nightTaken('The Lantern'), booked.id);
    expect(await showsAt(venue.id)).toBe(1);
    const both = await announce(second.cookie, { ...late, confirmSameNight: true });
    expect(both.statusCode).toBe(201);
    expect(both.json<{ show: TShow }>().show.confirmation.state).toBe('pending');
  });

  it('the venue announcing on its own taken night is asked as “You”', async () => {
    const { venue, second, booked } = await bookedNight();
    const late = { performerId: second.id, venueId: venue.id, startsAtLocal: LATE };
    refused(await announce(venue.cookie, late), S.nightTaken(null), booked.id);
    expect((await announce(venue.cookie, { ...late, confirmSameNight: true })).statusCode).toBe(
      201,
    );
  });

  it('the venue confirming a second show that night is asked; fans hear of it only once it answers', async () => {
    // Neither is the venue's yet: both performers may ask for the night.
    const { venue, early, late } = await twoShowsOneNight('performer');
    expect((await confirm(venue.cookie, early.id)).statusCode).toBe(200);
    refused(await confirm(venue.cookie, late.id), S.nightTaken(null), early.id);
    expect(await announcedEvents(venue.id)).toBe(1);
    const both = await confirm(venue.cookie, late.id, { confirmSameNight: true });
    expect(both.statusCode).toBe(200);
    expect(both.json<{ show: TShow }>().show.confirmation.state).toBe('confirmed');
    expect(await announcedEvents(venue.id)).toBe(2);
  });

  it('a show the venue announced and its performer has not confirmed yet holds the night too', async () => {
    const { venue, a, early: own, late } = await twoShowsOneNight('venue');
    refused(await confirm(venue.cookie, late.id), S.nightTaken(null), own.id);
    // The performer's word on the venue's own show is not the venue's: it is not asked.
    expect((await confirm(a.cookie, own.id)).statusCode).toBe(200);
  });

  it('moving a show onto a night the venue holds is asked; edits that keep the night are not', async () => {
    const { venue, second } = await bookedNight();
    const pending = await announceAs(t, second.cookie, {
      performerId: second.id,
      venueId: venue.id,
      startsAtLocal: NEXT_NIGHT,
    });
    const other = await answerAs(t, venue.cookie, pending.id);
    const url = `/api/shows/${other.id}`;
    const moved = await send(t.app, 'PATCH', url, venue.cookie, { startsAtLocal: LATE });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe('NIGHT_TAKEN');
    const byPerformer = await send(t.app, 'PATCH', url, second.cookie, { startsAtLocal: LATE });
    expect(byPerformer.json().error.message).toBe(S.nightTaken('The Lantern'));
    const both = await send(t.app, 'PATCH', url, venue.cookie, {
      startsAtLocal: LATE,
      confirmSameNight: true,
    });
    expect(both.statusCode).toBe(200);
    // Two shows agreed for one night: a price or a later hour the same night asks nothing.
    const price = await send(t.app, 'PATCH', url, second.cookie, { priceMin: 25, priceMax: 45 });
    expect(price.statusCode).toBe(200);
    const later = await send(t.app, 'PATCH', url, second.cookie, {
      startsAtLocal: `${YEAR}-07-10T23:00`,
    });
    expect(later.statusCode).toBe(200);
  });

  it('postponing onto a night the venue holds is asked and changes nothing until answered', async () => {
    const { venue, second, booked } = await bookedNight();
    const pending = await announceAs(t, second.cookie, {
      performerId: second.id,
      venueId: venue.id,
      startsAtLocal: NEXT_NIGHT,
    });
    const other = await answerAs(t, venue.cookie, pending.id);
    const url = `/api/shows/${other.id}/postpone`;
    refused(
      await send(t.app, 'POST', url, second.cookie, { startsAtLocal: LATE }),
      S.nightTaken('The Lantern'),
      booked.id,
    );
    refused(
      await send(t.app, 'POST', url, venue.cookie, { startsAtLocal: LATE }),
      S.nightTaken(null),
      booked.id,
    );
    const { rows } = await t.database.orm.execute<{ status: string; events: number }>(sql`
      select s.status, (select count(*)::int from show_events e
        where e.show_id = s.id and e.kind = 'postponed') as events
      from shows s where s.id = ${other.id}`);
    expect(rows[0]).toEqual({ status: 'announced', events: 0 });
    const both = await send(t.app, 'POST', url, venue.cookie, {
      startsAtLocal: LATE,
      confirmSameNight: true,
    });
    expect(both.statusCode).toBe(200);
    expect(both.json<{ show: TShow }>().show.status).toBe('postponed');
    // Without a date, or to a later hour of the night it now holds, nothing is asked.
    const tbd = await send(t.app, 'POST', url, venue.cookie, { startsAtLocal: null });
    expect(tbd.statusCode).toBe(200);
    const later = { startsAtLocal: `${YEAR}-07-10T23:30` };
    expect((await send(t.app, 'POST', url, second.cookie, later)).statusCode).toBe(200);
  });

  it('a cancelled show, or a show at another venue, does not hold the night', async () => {
    const { venue, second, booked } = await bookedNight();
    const cancel = await send(t.app, 'POST', `/api/shows/${booked.id}/cancel`, venue.cookie);
    expect(cancel.statusCode).toBe(200);
    const late = { performerId: second.id, venueId: venue.id, startsAtLocal: LATE };
    expect((await announce(second.cookie, late)).statusCode).toBe(201);
    const elsewhere = await member(t, 'venue');
    const there = {
      performerId: second.id,
      venueId: elsewhere.id,
      startsAtLocal: `${YEAR}-07-10T18:00`,
    };
    expect((await announce(second.cookie, { ...there, confirmSameDay: true })).statusCode).toBe(
      201,
    );
  });
});
