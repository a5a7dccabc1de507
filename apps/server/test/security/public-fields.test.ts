import type { TRole } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YEAR } from '../support/dates.ts';
import { createUser } from '../support/factories.ts';
import { INPUTS, saveProfile, send } from '../support/profile-inputs.ts';
import { announceConfirmed, startShow } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Private fields never leave through a public or cross-account response: a show's attendance and
 * takings go to its performer and venue only, contact details and home places to nobody else.
 * Every figure and contact below is distinctive, so finding it anywhere in a body is a leak.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESULTS = { attendance: 4321, grossRevenue: 98765.43 };
// Distinctive figures, above the venue's capacity of 350: confirmed as right.
const ENTERED = { ...RESULTS, confirmOverCapacity: true };

type Account = { id: string; cookie: string; email: string };

async function account(role: TRole, profile: Record<string, unknown> = {}): Promise<Account> {
  const created = await createUser(t.app, { role });
  const saved = await saveProfile(t.app, role, created.cookie, INPUTS[role](profile));
  if (saved.statusCode !== 200) throw new Error(`profile: ${saved.body}`);
  return { id: created.user.id, cookie: created.cookie, email: created.input.email };
}

const PERFORMER_PRIVATE = {
  email: 'private.band@echoes.example.com',
  phone: '(512) 555-0111',
  bookingAgentEmail: 'private.agent@echoes.example.com',
  bookingAgentPhone: '(512) 555-0112',
};
const VENUE_PRIVATE = {
  email: 'private.hello@blueroom.example.com',
  phone: '(312) 555-0113',
  bookingContactName: 'Privately Booked',
  bookingEmail: 'private.booking@blueroom.example.com',
  bookingPhone: '(312) 555-0114',
};
/** A fan going to the show with a public profile: its face is shown, nothing else of it. */
const FAN_PRIVATE = { email: 'private.fan@example.com', phone: '(718) 555-0115', zipCode: '10463' };

let performer: Account;
let venue: Account;
let goingFan: Account;
let past: { id: string };
let upcoming: { id: string };
let secrets: string[];

beforeAll(async () => {
  performer = await account('performer', { artistName: 'Leakproof Quartet', ...PERFORMER_PRIVATE });
  venue = await account('venue', VENUE_PRIVATE);
  goingFan = await account('fan', { tagName: 'PublicFace', homeCity: 'Bronx', ...FAN_PRIVATE });
  // Public once the venue confirms them (a show naming another Encore party waits for its word).
  const at = { genre: 'Rock' as const };
  past = await announceConfirmed(t, performer, venue, at);
  upcoming = await announceConfirmed(t, performer, venue, {
    ...at,
    startsAtLocal: `${YEAR}-07-14T20:00`,
  });
  for (const show of [past, upcoming]) {
    const going = { status: 'going' };
    await send(t.app, 'PUT', `/api/shows/${show.id}/attendance`, goingFan.cookie, going);
  }
  await startShow(t, past.id);
  const results = await send(t.app, 'PUT', `/api/shows/${past.id}/results`, venue.cookie, ENTERED);
  expect(results.statusCode).toBe(200);
  secrets = [
    ...Object.values(PERFORMER_PRIVATE),
    ...Object.values(VENUE_PRIVATE),
    ...Object.values(FAN_PRIVATE),
    performer.email,
    venue.email,
    goingFan.email,
    // The attendance figure is left to the key check: its digits could occur inside an id.
    String(RESULTS.grossRevenue),
  ];
});

/** The private keys and values found in a body; [] when it is clean. */
function leaks(body: string): string[] {
  const keys = ['attendance', 'grossRevenue', 'latitude', 'longitude', 'email', 'phone'];
  return [
    ...keys.filter((key) => body.includes(`"${key}":`)),
    ...secrets.filter((secret) => body.includes(secret)),
  ];
}

const publicPages = () => [
  `/api/artists/${performer.id}`,
  `/api/venues/${venue.id}`,
  `/api/shows/${past.id}`,
  `/api/shows/${upcoming.id}`,
  `/api/shows/${past.id}/calendar.ics`,
  // The city listing around the venue (Chicago, 60601): it lists `upcoming` (checked below).
  '/api/shows?near=60601&radius=10',
];

async function expectClean(cookie: string | undefined, urls: string[]) {
  for (const url of urls) {
    const response = await send(t.app, 'GET', url, cookie);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    expect(leaks(response.body), url).toEqual([]);
  }
}

describe('public and cross-account responses carry no private field', () => {
  it('signed out: artist, venue and show pages and the show’s calendar file', async () => {
    await expectClean(undefined, publicPages());
    const listing = await send(t.app, 'GET', '/api/shows?near=60601&radius=10', undefined);
    expect(listing.json().shows.map((s: { id: string }) => s.id)).toContain(upcoming.id);
  });

  it('another fan: the public pages, its own lists and discovery, its attendance answer', async () => {
    const fan = await account('fan', { favoriteGenres: ['Rock'] });
    await send(t.app, 'PUT', `/api/artists/${performer.id}/alert`, fan.cookie, {
      channels: ['email'],
    });
    const attended = await send(t.app, 'PUT', `/api/shows/${past.id}/attendance`, fan.cookie, {
      status: 'attended',
    });
    expect(leaks(attended.body)).toEqual([]);
    const going = await send(t.app, 'PUT', `/api/shows/${upcoming.id}/attendance`, fan.cookie, {
      status: 'going',
    });
    expect(leaks(going.body)).toEqual([]);
    await expectClean(fan.cookie, [
      ...publicPages(),
      '/api/fan/home',
      '/api/fan/alerts',
      '/api/fan/shows-attending',
      '/api/fan/shows-attended',
      '/api/discovery/artists?q=Leakproof',
      '/api/discovery/recommended',
    ]);
    // The lists did hold the shows (a clean empty list would prove nothing).
    const attending = await send(t.app, 'GET', '/api/fan/shows-attending', fan.cookie);
    expect(attending.json().shows[0].faces).toContainEqual({
      id: goingFan.id,
      name: 'PublicFace',
      photoUrl: null,
    });
    const history = await send(t.app, 'GET', '/api/fan/shows-attended', fan.cookie);
    expect(history.json().shows.map((s: { show: { id: string } }) => s.show.id)).toEqual([past.id]);
  });

  it('another performer and another venue: the public pages and the booking directory', async () => {
    for (const role of ['performer', 'venue'] as const) {
      const other = await account(role);
      await expectClean(other.cookie, [
        ...publicPages(),
        '/api/directory/performers?q=Leakproof',
        `/api/directory/venues?q=${encodeURIComponent('The Blue Room')}`,
      ]);
      const found = await send(t.app, 'GET', '/api/directory/performers?q=Leakproof', other.cookie);
      expect(found.json().results).toHaveLength(1);
    }
  });

  it('the show’s own performer and venue still get the figures, on their own routes', async () => {
    for (const owner of [performer, venue]) {
      const mine = await send(t.app, 'GET', '/api/shows/mine', owner.cookie);
      const held = mine.json().shows.find((s: { id: string }) => s.id === past.id);
      expect(held).toMatchObject(RESULTS);
      // Their view of the public page is the public one.
      const page = await send(t.app, 'GET', `/api/shows/${past.id}`, owner.cookie);
      expect(page.json().canEdit).toBe(true);
      expect(page.json().show).not.toHaveProperty('attendance');
      expect(page.json().show).not.toHaveProperty('grossRevenue');
    }
    const again = await send(t.app, 'PUT', `/api/shows/${past.id}/results`, venue.cookie, ENTERED);
    expect(again.json().show).toMatchObject(RESULTS);
  });
});
