import type { GENRES, TArtistSearchResults } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, unique } from '../support/factories.ts';
import { cancel, DAY_MS, moveShow, PLACES, showIn, watch } from '../support/fan-pages.ts';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Genre = (typeof GENRES)[number];

let t: TestApp;
let fan: { id: string; cookie: string };
const a: Record<string, string> = {};

const artist = async (key: string, artistName: string, genres: Genre[]) => {
  const created = await member(t, 'performer', { artistName, genres });
  a[key] = created.id;
  return created;
};

const search = async (q: string, cookie = fan.cookie) => {
  const response = await send(
    t.app,
    'GET',
    `/api/discovery/artists?q=${encodeURIComponent(q)}`,
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TArtistSearchResults>().results;
};
const names = (results: TArtistSearchResults['results']) => results.map((r) => r.name);

// Each test file has its own database, so these are the only artists there are.
beforeAll(async () => {
  t = await createTestApp();
  fan = await member(t, 'fan');
  const nightStatic = await artist('nightStatic', 'Night Static', ['Rock']);
  await showIn(t, nightStatic, PLACES.brooklyn, { genre: 'Rock' });
  await artist('revival', 'Night Static Revival', ['Rock']);
  await artist('staticNights', 'Static Nights', ['Indie']);
  await artist('ecstatic', 'Ecstatic Dancers', ['Pop']);
  await artist('statik', 'Statik Sound', ['EDM']);
  const blueCats = await artist('blueCats', 'Blue Cats', ['Jazz']);
  await showIn(t, blueCats, PLACES.jerseyCity);
  await artist('nightingale', 'Nightingale Jazz Trio', ['Jazz']);
  await artist('verse', 'MC Verse', ['Hip-Hop']);
  const cancelled = await artist('quietHarbor', 'Quiet Harbor', ['Country']);
  await cancel(t, cancelled.cookie, (await showIn(t, cancelled, PLACES.bronx)).id);
  const past = await artist('paperHarbor', 'Paper Harbor', ['Country']);
  await moveShow(t, (await showIn(t, past, PLACES.bronx)).id, new Date(Date.now() - DAY_MS));
  // Names that are not artists: a venue, a fan's tag name, a performer who never set up.
  await member(t, 'venue', { venueName: 'Static Hall' });
  await member(t, 'fan', { tagName: 'StaticFan' });
  await createUser(t.app, { role: 'performer', username: `static_${unique()}` });
  await watch(t, fan.cookie, a.nightStatic ?? '');
});
afterAll(() => t.close());

describe('GET /api/discovery/artists', () => {
  it('ranks name prefix, then a later word, then mid-word, then close spellings', async () => {
    expect(names(await search('static'))).toEqual([
      'Static Nights',
      'Night Static',
      'Night Static Revival',
      'Ecstatic Dancers',
      'Statik Sound',
    ]);
  });

  it('puts the exact name above names that only start with it, ignoring case', async () => {
    const results = await search('night STATIC');
    expect(names(results).slice(0, 2)).toEqual(['Night Static', 'Night Static Revival']);
  });

  it('finds misspelt names, the closest first', async () => {
    expect(names(await search('Nite Static'))).toContain('Night Static');
    expect(names(await search('Nigth Static Revivel'))[0]).toBe('Night Static Revival');
    expect(names(await search('statik'))).toContain('Night Static');
    expect(names(await search('Nightengale'))).toEqual(['Nightingale Jazz Trio']);
  });

  it('finds artists by genre, after names that contain the word', async () => {
    expect(names(await search('jazz'))).toEqual(['Nightingale Jazz Trio', 'Blue Cats']);
    expect(names(await search('hip hop'))).toEqual(['MC Verse']);
    expect(names(await search('Hip-'))).toEqual(['MC Verse']);
  });

  it('marks artists on tour: an upcoming show that is not cancelled', async () => {
    const results = await search('harbor');
    expect(results.map((r) => [r.name, r.onTour])).toEqual([
      ['Paper Harbor', false],
      ['Quiet Harbor', false],
    ]);
    const jazz = await search('jazz');
    expect(jazz.find((r) => r.id === a.blueCats)?.onTour).toBe(true);
    expect(jazz.find((r) => r.id === a.nightingale)?.onTour).toBe(false);
  });

  it('lists only performers with a profile, with their genres and the fan’s own alert', async () => {
    const results = await search('static');
    expect(results.map((r) => r.id)).not.toContain(undefined);
    const top = results.find((r) => r.id === a.nightStatic);
    expect(top).toEqual({
      id: a.nightStatic,
      name: 'Night Static',
      genres: ['Rock'],
      photoUrl: null,
      onTour: true,
      alertChannels: ['email'],
    });
    expect(results.find((r) => r.id === a.revival)?.alertChannels).toBeNull();
    // Another fan does not see this fan's alert.
    const other = await member(t, 'fan');
    const theirs = await search('Night Static', other.cookie);
    expect(theirs[0]?.alertChannels).toBeNull();
  });

  it('takes the query literally and answers nothing for nothing', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('zzzzqqq')).toEqual([]);
    const tooLong = await send(
      t.app,
      'GET',
      `/api/discovery/artists?q=${'a'.repeat(101)}`,
      fan.cookie,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.code).toBe('VALIDATION_FAILED');
  });
});
