import type { TPerformerDashboard } from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fan } from '../support/alerts.ts';
import { send } from '../support/profile-inputs.ts';
import { withTwoProcesses } from '../support/second-process.ts';
import { member } from '../support/shows.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * The performer dashboard's "Show requests" card: fans' open requests per city, most first, a
 * city under five askers (and a total under five) never given as a number, like the dashboard's
 * other breakdowns; from the per-user cache, a request or a withdrawal in another process is
 * seen on the very next request (migration 0050's row notices).
 */
let t: TestApp;
let b: FastifyInstance;
withTwoProcesses((started) => ({ t, b } = started));

type Party = { id: string; cookie: string };

async function dashboard(who: Party): Promise<TPerformerDashboard> {
  const response = await send(b, 'GET', '/api/dashboards/performer', who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
/** Read twice in B: the second answer comes from its cache. */
async function cached(who: Party) {
  await dashboard(who);
  return dashboard(who);
}

async function askers(artist: Party, zipCode: string, homeCity: string, n: number) {
  const fans: Party[] = [];
  for (let i = 0; i < n; i++) {
    const someone = await fan(t, { zipCode, homeCity });
    const answer = await send(
      t.app,
      'POST',
      `/api/artists/${artist.id}/show-request`,
      someone.cookie,
      { zipCode },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    fans.push(someone);
  }
  return fans;
}

describe('the Show requests card', () => {
  it('counts open requests per city, a few under five, and follows requests and withdrawals', async () => {
    const artist = await member(t, 'performer');
    expect((await cached(artist)).showRequests).toEqual({ total: 0, cities: [] });

    const [first] = await askers(artist, '80202', 'Denver', 1);
    // One asker: neither the city nor the total is a number.
    expect((await dashboard(artist)).showRequests).toEqual({
      total: null,
      cities: [{ city: 'Denver', state: 'CO', fans: null }],
    });

    await cached(artist);
    await askers(artist, '80205', 'Denver', 5);
    await askers(artist, '02115', 'Boston', 2);
    expect((await dashboard(artist)).showRequests).toEqual({
      total: 8,
      cities: [
        { city: 'Denver', state: 'CO', fans: 6 },
        { city: 'Boston', state: 'MA', fans: null },
      ],
    });

    await cached(artist);
    if (!first) throw new Error('no asker');
    const gone = await send(
      t.app,
      'DELETE',
      `/api/artists/${artist.id}/show-request?zipCode=80202`,
      first.cookie,
    );
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await dashboard(artist)).showRequests.cities[0]).toEqual({
      city: 'Denver',
      state: 'CO',
      fans: 5,
    });
  });

  it('is the artist’s own: another artist’s requests are not on it', async () => {
    const artist = await member(t, 'performer');
    const other = await member(t, 'performer');
    await askers(other, '80202', 'Denver', 5);
    expect((await dashboard(artist)).showRequests).toEqual({ total: 0, cities: [] });
  });
});
