import { SHOW_REQUEST_MESSAGES as M, type TShowRequestState } from '@encore/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fan } from '../support/alerts.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * "Request a show near me" on an artist's page: a fan asks for their home place, once; sees how
 * many fans asked for that city (a few under five); withdraws. Fans only, a real artist only,
 * the fan's own home only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (artistId: string) => `/api/artists/${artistId}/show-request`;
const ask = (cookie: string, artistId: string, zipCode: string) =>
  send(t.app, 'POST', url(artistId), cookie, { zipCode });
const withdraw = (cookie: string, artistId: string, zipCode: string) =>
  send(t.app, 'DELETE', `${url(artistId)}?zipCode=${zipCode}`, cookie);
const stateOf = async (cookie: string, artistId: string) => {
  const response = await send(t.app, 'GET', url(artistId), cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TShowRequestState>();
};

async function openRequests(performerId: string) {
  const { rows } = await t.database.orm.execute<{ fan_id: string; city: string; state: string }>(
    sql`select fan_id, city, state from show_requests
      where performer_id = ${performerId} and status = 'open' order by fan_id`,
  );
  return rows;
}

describe('a fan asks an artist for a show near home', () => {
  it('opens one request at the home ZIP, named by its city, and answers the new state', async () => {
    const artist = await member(t, 'performer');
    const denver = await fan(t, { zipCode: '80202', homeCity: 'Denver' });
    expect(await stateOf(denver.cookie, artist.id)).toEqual({
      place: { zipCode: '80202', city: 'Denver', state: 'CO' },
      requested: false,
      fans: 0,
    });
    const asked = await ask(denver.cookie, artist.id, '80202');
    expect(asked.statusCode, asked.body).toBe(200);
    // One asker is "a few": a count under five is never given out.
    expect(asked.json()).toEqual({
      place: { zipCode: '80202', city: 'Denver', state: 'CO' },
      requested: true,
      fans: null,
    });
    expect(await openRequests(artist.id)).toEqual([
      { fan_id: denver.id, city: 'Denver', state: 'CO' },
    ]);
  });

  it('refuses a second request for the same artist and place, and keeps one', async () => {
    const artist = await member(t, 'performer');
    const someone = await fan(t, { zipCode: '80202' });
    expect((await ask(someone.cookie, artist.id, '80202')).statusCode).toBe(200);
    const again = await ask(someone.cookie, artist.id, '80202');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: M.duplicate });
    expect(await openRequests(artist.id)).toHaveLength(1);
  });

  it('counts the fans who asked for the city from five on', async () => {
    const artist = await member(t, 'performer');
    const askers = [];
    for (let i = 0; i < 5; i++) askers.push(await fan(t, { zipCode: i % 2 ? '80202' : '80205' }));
    for (const [i, a] of askers.entries()) {
      const answer = await ask(a.cookie, artist.id, i % 2 ? '80202' : '80205');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<TShowRequestState>().fans).toBe(i < 4 ? null : 5);
    }
    // A Denver fan who has not asked sees the same count.
    const onlooker = await fan(t, { zipCode: '80203' });
    expect(await stateOf(onlooker.cookie, artist.id)).toMatchObject({ requested: false, fans: 5 });
  });

  it('withdraws the request, and a second withdrawal finds none', async () => {
    const artist = await member(t, 'performer');
    const someone = await fan(t, { zipCode: '80202' });
    await ask(someone.cookie, artist.id, '80202');
    const gone = await withdraw(someone.cookie, artist.id, '80202');
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ requested: false, fans: 0 });
    expect(await openRequests(artist.id)).toEqual([]);
    const again = await withdraw(someone.cookie, artist.id, '80202');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(M.notFound);
    // Withdrawn, it may be asked again.
    expect((await ask(someone.cookie, artist.id, '80202')).statusCode).toBe(200);
  });
});

describe('what a request is refused for', () => {
  it('a ZIP that is not five digits: the field message, nothing written', async () => {
    const artist = await member(t, 'performer');
    const someone = await fan(t, { zipCode: '80202' });
    for (const body of [
      { zipCode: '8020' },
      { zipCode: 'abcde' },
      {},
      { zipCode: '80202', x: 1 },
    ]) {
      const answer = await send(t.app, 'POST', url(artist.id), someone.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const short = await ask(someone.cookie, artist.id, '8020');
    expect(short.json().error.fields).toEqual({ zipCode: 'ZIP code must be 5 digits' });
    expect(await openRequests(artist.id)).toEqual([]);
  });

  it('a place other than the fan’s home', async () => {
    const artist = await member(t, 'performer');
    const someone = await fan(t, { zipCode: '80202' });
    const elsewhere = await ask(someone.cookie, artist.id, '10001');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields).toEqual({ zipCode: M.notHome });
    expect(await openRequests(artist.id)).toEqual([]);
  });

  it('an id that is no artist: 404', async () => {
    const someone = await fan(t, { zipCode: '80202' });
    const venue = await member(t, 'venue');
    for (const id of ['no-such-artist', venue.id, someone.id]) {
      const answer = await ask(someone.cookie, id, '80202');
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().error.message).toBe(M.artistNotFound);
    }
  });

  it('a fan without a profile is asked for a home first', async () => {
    const artist = await member(t, 'performer');
    const fresh = await createUser(t.app, { role: 'fan' });
    const answer = await ask(fresh.cookie, artist.id, '80202');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(M.homeRequired);
  });

  it('anonymous visitors, performers and venues may not ask, read or withdraw', async () => {
    const artist = await member(t, 'performer');
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const target = method === 'DELETE' ? `${url(artist.id)}?zipCode=80202` : url(artist.id);
      const body = method === 'POST' ? { zipCode: '80202' } : undefined;
      expect((await send(t.app, method, target, undefined, body)).statusCode).toBe(401);
      for (const who of [performer, venue, artist]) {
        const answer = await send(t.app, method, target, who.cookie, body);
        expect(answer.statusCode, method).toBe(403);
        expect(answer.json().error.message).toBe(M.fansOnly);
      }
    }
    expect(await openRequests(artist.id)).toEqual([]);
  });
});

describe('Export My Data', () => {
  it('lists the fan’s requests', async () => {
    const artist = await member(t, 'performer');
    const someone = await fan(t, { zipCode: '80202' });
    await ask(someone.cookie, artist.id, '80202');
    const exported = await send(t.app, 'GET', '/api/account/export', someone.cookie);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().showRequests).toEqual([
      expect.objectContaining({
        performerId: artist.id,
        zipCode: '80202',
        city: 'Denver',
        state: 'CO',
        status: 'open',
        showId: null,
      }),
    ]);
  });
});
