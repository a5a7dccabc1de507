import { randomUUID } from 'node:crypto';
import type { TShowInput } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPendingEvents } from '../../src/alerts/match-event.ts';
import { fan, watch } from '../support/alerts.ts';
import { YEAR } from '../support/dates.ts';
import { send } from '../support/profile-inputs.ts';
import { member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bowery = {
  name: 'Bowery Ballroom',
  streetAddress: '6 Delancey St',
  city: 'New York',
  state: 'NY' as const,
  zipCode: '10002',
};
const mercury = { ...bowery, name: 'Mercury Lounge', streetAddress: '217 E Houston St' };

/** POST /api/shows as the form sends it, with an Idempotency-Key when given. */
function announce(cookie: string, body: TShowInput, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shows',
    headers: {
      cookie,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: JSON.stringify(body),
  });
}

async function countShows(performerId: string) {
  const { rows } = await t.database.orm.execute<{ n: number }>(
    sql`select count(*)::int as n from shows where performer_id = ${performerId}`,
  );
  return rows[0]?.n;
}

/** Every announce event and every alert delivery written for the performer's shows. */
async function alertsOf(performerId: string) {
  await matchPendingEvents(t.database.orm);
  const { rows } = await t.database.orm.execute<{ events: number; deliveries: number }>(sql`
    select (select count(*)::int from show_events e join shows s on s.id = e.show_id
             where s.performer_id = ${performerId}) as events,
           (select count(*)::int from alert_deliveries d join show_events e on e.id = d.show_event_id
             join shows s on s.id = e.show_id where s.performer_id = ${performerId}) as deliveries`);
  return rows[0];
}

/** A performer at an external venue (no other Encore party: announced and alerted at once). */
async function performerShow(overrides: Partial<TShowInput> = {}) {
  const performer = await member(t, 'performer');
  const input = showInput({ performerId: performer.id, externalVenue: bowery, ...overrides });
  return { performer, input };
}

describe('POST /api/shows with an Idempotency-Key', () => {
  it('the same key twice makes one show, alerts once and answers the same', async () => {
    const { performer, input } = await performerShow();
    const watcher = await fan(t, { zipCode: '10001' });
    await watch(t, watcher.cookie, performer.id, ['email']);
    const key = randomUUID();
    const first = await announce(performer.cookie, input, key);
    expect(first.statusCode).toBe(201);
    const firstAlerts = await alertsOf(performer.id);
    expect(firstAlerts).toEqual({ events: 1, deliveries: expect.any(Number) });
    expect(firstAlerts?.deliveries).toBeGreaterThan(0);

    const second = await announce(performer.cookie, input, key);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await countShows(performer.id)).toBe(1);
    expect(await alertsOf(performer.id)).toEqual(firstAlerts);
  });

  it('two concurrent requests with one key make one show and both answer it', async () => {
    const { performer, input } = await performerShow();
    const key = randomUUID();
    const answers = await Promise.all([
      announce(performer.cookie, input, key),
      announce(performer.cookie, input, key),
      announce(performer.cookie, input, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json().show.id));
    expect(ids.size).toBe(1);
    expect(await countShows(performer.id)).toBe(1);
    expect((await alertsOf(performer.id))?.events).toBe(1);
  });

  it('the key reused for a different show is refused and makes nothing', async () => {
    const { performer, input } = await performerShow();
    const key = randomUUID();
    expect((await announce(performer.cookie, input, key)).statusCode).toBe(201);
    const other = { ...input, startsAtLocal: `${YEAR}-07-01T20:00` };
    const reused = await announce(performer.cookie, other, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringContaining('different show'),
    });
    expect(await countShows(performer.id)).toBe(1);
  });

  it('keys are scoped per user: another announcer’s same key makes their own show', async () => {
    const a = await performerShow();
    const b = await performerShow();
    const key = randomUUID();
    const first = await announce(a.performer.cookie, a.input, key);
    const second = await announce(b.performer.cookie, b.input, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().show.performer.id).toBe(b.performer.id);
  });

  it('a key that is not one line of at most 200 characters is a 400', async () => {
    const { performer, input } = await performerShow();
    const response = await announce(performer.cookie, input, 'k'.repeat(201));
    expect(response.statusCode).toBe(400);
    expect(await countShows(performer.id)).toBe(0);
  });
});

describe('POST /api/shows: the same show twice without a key', () => {
  it('the same performer, venue and start is a 409 naming the existing show', async () => {
    const { performer, input } = await performerShow();
    const first = await announce(performer.cookie, input);
    expect(first.statusCode).toBe(201);
    const again = await announce(performer.cookie, { ...input, priceMin: 25 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This show is already announced: same performer, venue and start time',
      detail: { showId: first.json().show.id },
    });
    expect(await countShows(performer.id)).toBe(1);
  });

  it('concurrent identical submissions without a key make one show, the rest 409', async () => {
    const { performer, input } = await performerShow();
    const answers = await Promise.all([1, 2, 3].map(() => announce(performer.cookie, input)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await countShows(performer.id)).toBe(1);
  });

  it('a cancelled show does not block announcing it again', async () => {
    const { performer, input } = await performerShow();
    const first = await announce(performer.cookie, input);
    const id = first.json().show.id;
    const cancel = await send(t.app, 'POST', `/api/shows/${id}/cancel`, performer.cookie);
    expect(cancel.statusCode).toBe(200);
    const again = await announce(performer.cookie, input);
    expect(again.statusCode).toBe(201);
    expect(again.json().show.id).not.toBe(id);
  });

  it('the same venue the same day at another time is a second show, no question asked', async () => {
    const { performer, input } = await performerShow();
    expect((await announce(performer.cookie, input)).statusCode).toBe(201);
    const matinee = await announce(performer.cookie, {
      ...input,
      startsAtLocal: `${YEAR}-06-14T14:00`,
    });
    expect(matinee.statusCode).toBe(201);
  });
});

describe('POST /api/shows: a second show the same local day elsewhere', () => {
  it('is a 409 SAME_DAY_SHOW naming the other venue, then 201 with confirmSameDay', async () => {
    const { performer, input } = await performerShow();
    const first = await announce(performer.cookie, input);
    const elsewhere = { ...input, externalVenue: mercury, startsAtLocal: `${YEAR}-06-14T23:00` };
    const asked = await announce(performer.cookie, elsewhere);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatchObject({
      code: 'SAME_DAY_SHOW',
      message: 'You already have a show on that day at Bowery Ballroom. Announce this one too?',
      detail: { showId: first.json().show.id, venueName: 'Bowery Ballroom' },
    });
    expect(await countShows(performer.id)).toBe(1);
    const confirmed = await announce(performer.cookie, { ...elsewhere, confirmSameDay: true });
    expect(confirmed.statusCode).toBe(201);
    expect(await countShows(performer.id)).toBe(2);
  });

  it('the local day is the venue’s: 23:00 in New York the day before is another day', async () => {
    const { performer, input } = await performerShow();
    expect((await announce(performer.cookie, input)).statusCode).toBe(201);
    // 23:00 EDT on the 13th is 03:00 UTC on the 14th: still the 13th where the show is.
    const eve = { ...input, externalVenue: mercury, startsAtLocal: `${YEAR}-06-13T23:00` };
    expect((await announce(performer.cookie, eve)).statusCode).toBe(201);
  });

  it('a venue booking the performer is told the performer’s name', async () => {
    const performer = await member(t, 'performer', { artistName: 'Night Static' });
    const venue = await member(t, 'venue', { venueName: 'The Lantern' });
    const atBowery = showInput({ performerId: performer.id, externalVenue: bowery });
    expect((await announce(performer.cookie, atBowery)).statusCode).toBe(201);
    const atVenue = showInput({ performerId: performer.id, venueId: venue.id });
    const asked = await announce(venue.cookie, atVenue);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.message).toBe(
      'Night Static already has a show on that day at Bowery Ballroom. Announce this one too?',
    );
  });

  it('a cancelled show that day does not ask', async () => {
    const { performer, input } = await performerShow();
    const id = (await announce(performer.cookie, input)).json().show.id;
    await send(t.app, 'POST', `/api/shows/${id}/cancel`, performer.cookie);
    const elsewhere = { ...input, externalVenue: mercury };
    expect((await announce(performer.cookie, elsewhere)).statusCode).toBe(201);
  });
});
