import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { createUser } from '../support/factories.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (cookie: string | undefined, body: unknown) =>
  send(t.app, 'POST', '/api/shows', cookie, body);

describe('POST /api/shows', () => {
  it('a performer announces at an Encore venue, in the venue’s zone, genre from the profile', async () => {
    const { show, performer, venue } = await announced(t);
    expect(show.performer).toMatchObject({ id: performer.id, name: 'The Echoes' });
    expect(show.venue).toMatchObject({ id: venue.id, name: 'The Blue Room', state: 'IL' });
    expect(show.timeZone).toBe('America/Chicago');
    // 20:00 in Chicago in June is 01:00 UTC the next day (CDT, UTC-5).
    expect(show.startsAt).toBe(`${YEAR}-06-15T01:00:00.000Z`);
    expect(show).toMatchObject({ genre: 'Indie', status: 'announced', attendingCount: 0 });
    expect(show.priceMin).toBe(20);
  });

  it('a performer announces at an external venue, located by its ZIP', async () => {
    const performer = await member(t, 'performer');
    const externalVenue = {
      name: 'Bowery Ballroom',
      streetAddress: '6 Delancey St',
      city: 'New York',
      state: 'NY' as const,
      zipCode: '10002',
    };
    const response = await post(
      performer.cookie,
      showInput({ performerId: performer.id, externalVenue, genre: 'Rock' }),
    );
    expect(response.statusCode).toBe(201);
    const { show } = response.json();
    expect(show.venue).toMatchObject({ id: null, name: 'Bowery Ballroom', zipCode: '10002' });
    expect(show.timeZone).toBe('America/New_York');
    expect(show.genre).toBe('Rock');
  });

  it('an external venue with a ZIP that does not exist is refused under its field', async () => {
    const performer = await member(t, 'performer');
    const externalVenue = {
      name: 'Nowhere Hall',
      streetAddress: '1 Nowhere Rd',
      city: 'Nowhere',
      state: 'NY' as const,
      zipCode: '00000',
    };
    const response = await post(
      performer.cookie,
      showInput({ performerId: performer.id, externalVenue }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(['externalVenue.zipCode']);
  });

  it('a venue announces at itself with an Encore performer', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const response = await post(
      venue.cookie,
      showInput({ performerId: performer.id, venueId: venue.id }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().show.createdById).toBe(venue.id);
  });

  it.each([
    ['a past date', { startsAtLocal: '2020-01-01T20:00' }, 'startsAtLocal'],
    ['a bad URL', { ticketUrl: 'ftp://x' }, 'ticketUrl'],
    ['a negative price', { priceMin: -1 }, 'priceMin'],
    ['min above max', { priceMin: 50, priceMax: 10 }, 'priceMax'],
    ['on sale after the start', { onSaleAtLocal: `${YEAR}-06-15T10:00` }, 'onSaleAtLocal'],
    [
      'two venues',
      {
        externalVenue: {
          name: 'X Club',
          streetAddress: '1 Main St',
          city: 'Austin',
          state: 'TX' as const,
          zipCode: '78701',
        },
      },
      'venueId',
    ],
    ['no venue', { venueId: null }, 'venueId'],
    ['an unknown venue', { venueId: 'nobody' }, 'venueId'],
  ])('refuses %s with 400 naming the field', async (_name, overrides, field) => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const response = await post(
      performer.cookie,
      showInput({ performerId: performer.id, venueId: venue.id, ...overrides }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(field);
  });

  it('an empty announcement names its date and its venue at once (the venue’s “required” does not wait for a valid date)', async () => {
    const performer = await member(t, 'performer');
    const response = await post(
      performer.cookie,
      showInput({ performerId: performer.id, venueId: null, startsAtLocal: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      startsAtLocal: 'Please enter the date and time',
      venueId: 'Choose a venue on Encore or enter the venue name and address',
    });
  });

  it('a date that is past in the venue’s zone is refused even when later elsewhere', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue', { state: 'HI', city: 'Honolulu', zipCode: '96813' });
    // Now in Honolulu (UTC-10) as local text, minus one minute: still "later" in New York terms.
    const now = new Date(Date.now() - 10 * 3_600_000 - 60_000).toISOString().slice(0, 16);
    const response = await post(
      performer.cookie,
      showInput({ performerId: performer.id, venueId: venue.id, startsAtLocal: now }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.startsAtLocal).toBe('Date must be in the future');
  });

  it('authorises: fans 403, others’ shows 403, signed out 401', async () => {
    const performer = await member(t, 'performer');
    const other = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const otherVenue = await member(t, 'venue');
    const fan = await createUser(t.app, { role: 'fan' });
    const asPerformer = showInput({ performerId: other.id, venueId: venue.id });
    expect((await post(performer.cookie, asPerformer)).statusCode).toBe(403);
    const forOtherVenue = showInput({ performerId: performer.id, venueId: otherVenue.id });
    expect((await post(venue.cookie, forOtherVenue)).statusCode).toBe(403);
    const byFan = showInput({ performerId: performer.id, venueId: venue.id });
    expect((await post(fan.cookie, byFan)).statusCode).toBe(403);
    expect((await post(undefined, byFan)).statusCode).toBe(401);
  });

  it('a performer without a profile is asked for one (409)', async () => {
    const bare = await createUser(t.app, { role: 'performer' });
    const venue = await member(t, 'venue');
    const response = await post(
      bare.cookie,
      showInput({ performerId: bare.user.id, venueId: venue.id }),
    );
    expect(response.statusCode).toBe(409);
  });
});
