import { TEXT_MESSAGES } from '@encore/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../src/db/schema/index.ts';
import { fanInput } from '../support/profile-inputs.ts';
import { announced, member, showInput } from '../support/shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

/**
 * A NUL byte used to reach Postgres (which refuses it in text) and come back as a 500, from path
 * ids, `q` parameters and JSON string fields. Now the contract's string builders refuse NUL and
 * the other control characters up front: a 400 naming the field, and nothing written.
 */
let t: TestApp;
let cookies: Record<'fan' | 'performer' | 'venue', string>;
let showId: string;
let performerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const fan = await member(t, 'fan');
  const show = await announced(t);
  cookies = { fan: fan.cookie, performer: show.performer.cookie, venue: show.venue.cookie };
  showId = show.show.id;
  performerId = show.performer.id;
});
afterAll(() => t.close());

type Case = {
  as?: keyof typeof cookies;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  body?: () => unknown;
  field: string;
};

function request(c: Case) {
  const body = c.body?.();
  return t.app.inject({
    method: c.method ?? 'GET',
    url: c.url(),
    headers: {
      origin: TEST_ORIGIN,
      ...(c.as ? { cookie: cookies[c.as] } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function expectRefused(c: Case) {
  const response = await request(c);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().error).toMatchObject({
    code: 'VALIDATION_FAILED',
    fields: { [c.field]: TEXT_MESSAGES.controlCharacters },
  });
}

const inPath: Record<string, Case> = {
  'GET /api/shows/:id': { url: () => `/api/shows/${showId}%00`, field: 'id' },
  'GET /api/shows/:id/calendar.ics': { url: () => '/api/shows/%00/calendar.ics', field: 'id' },
  'POST /api/shows/:id/cancel': {
    as: 'performer',
    method: 'POST',
    url: () => `/api/shows/${showId}%00/cancel`,
    field: 'id',
  },
  'PUT /api/shows/:id/attendance': {
    as: 'fan',
    method: 'PUT',
    url: () => `/api/shows/${showId}%00/attendance`,
    body: () => ({ status: 'going' }),
    field: 'id',
  },
  'GET /api/artists/:id': { url: () => '/api/artists/%00', field: 'id' },
  'PUT /api/artists/:id/alert': {
    as: 'fan',
    method: 'PUT',
    url: () => `/api/artists/${performerId}%00/alert`,
    body: () => ({ channels: ['email'] }),
    field: 'id',
  },
  'GET /api/venues/:id': { url: () => '/api/venues/abc%00def', field: 'id' },
  'GET /api/calendar/:token.ics': { url: () => '/api/calendar/%00.ics', field: 'token' },
  'GET /uploads/:key': { url: () => '/uploads/%00.jpg', field: 'key' },
};

const inQuery: Record<string, Case> = {
  'GET /api/discovery/artists?q': {
    as: 'fan',
    url: () => '/api/discovery/artists?q=rock%00',
    field: 'q',
  },
  'GET /api/directory/performers?q': {
    as: 'venue',
    url: () => '/api/directory/performers?q=%00',
    field: 'q',
  },
  'GET /api/spotify/library?q': { as: 'fan', url: () => '/api/spotify/library?q=a%00', field: 'q' },
  'GET /api/account/username-exists': {
    url: () => '/api/account/username-exists?username_to_check=a%00b',
    field: 'username_to_check',
  },
  'GET /api/fan/alerts?cursor': {
    as: 'fan',
    url: () => '/api/fan/alerts?cursor=%00',
    field: 'cursor',
  },
};

const inBody: Record<string, Case> = {
  'PUT /api/profile/fan tagName': {
    as: 'fan',
    method: 'PUT',
    url: () => '/api/profile/fan',
    body: () => fanInput({ tagName: 'Loud\u0000Fan' }),
    field: 'tagName',
  },
  'PATCH /api/profile/performer bio (multi-line)': {
    as: 'performer',
    method: 'PATCH',
    url: () => '/api/profile/performer',
    body: () => ({ bio: 'Four-piece\u0000band' }),
    field: 'bio',
  },
  'PATCH /api/profile/venue venueName (DEL)': {
    as: 'venue',
    method: 'PATCH',
    url: () => '/api/profile/venue',
    body: () => ({ venueName: 'The\u007fRoom' }),
    field: 'venueName',
  },
  'PATCH /api/profile/venue websiteUrl': {
    as: 'venue',
    method: 'PATCH',
    url: () => '/api/profile/venue',
    body: () => ({ websiteUrl: 'https://blueroom.example.com/\u0000' }),
    field: 'websiteUrl',
  },
  'POST /api/feedback message': {
    as: 'fan',
    method: 'POST',
    url: () => '/api/feedback',
    body: () => ({ subject: 'Hello', message: 'a\u0000b' }),
    field: 'message',
  },
  'POST /api/shows supportingActs[0]': {
    as: 'performer',
    method: 'POST',
    url: () => '/api/shows',
    body: () => ({ ...showInput({ performerId }), supportingActs: [{ name: 'Open\u0000er' }] }),
    field: 'supportingActs.0.name',
  },
  'POST /api/shows externalVenue.name (nested)': {
    as: 'performer',
    method: 'POST',
    url: () => '/api/shows',
    body: () =>
      showInput({
        performerId,
        externalVenue: {
          name: 'Back\u0000Room',
          streetAddress: '12 Side Street',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
        },
      }),
    field: 'externalVenue.name',
  },
  'POST /api/spotify/connect code': {
    as: 'fan',
    method: 'POST',
    url: () => '/api/spotify/connect',
    body: () => ({ code: 'a\u0000', state: 'b' }),
    field: 'code',
  },
  'PUT /api/push/subscription keys.auth': {
    as: 'fan',
    method: 'PUT',
    url: () => '/api/push/subscription',
    body: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'key', auth: 'a\u0000' },
    }),
    field: 'keys.auth',
  },
  'POST /api/client-events/not-found path': {
    method: 'POST',
    url: () => '/api/client-events/not-found',
    body: () => ({ path: '/a\u0000b' }),
    field: 'path',
  },
};

describe('a NUL or other control character is a 400 naming the field, never a 500', () => {
  it.each(Object.entries(inPath))('in a path parameter: %s', (_name, c) => expectRefused(c));
  it.each(Object.entries(inQuery))('in a query parameter: %s', (_name, c) => expectRefused(c));
  it.each(Object.entries(inBody))('in a JSON string field: %s', (_name, c) => expectRefused(c));
});

describe('nothing is written', () => {
  it('leaves the profile as it was', async () => {
    const before = await request({ as: 'fan', url: () => '/api/profile/fan', field: '' });
    await expectRefused(inBody['PUT /api/profile/fan tagName'] as Case);
    const after = await request({ as: 'fan', url: () => '/api/profile/fan', field: '' });
    expect(after.json()).toEqual(before.json());
  });

  it('stores no feedback', async () => {
    await expectRefused(inBody['POST /api/feedback message'] as Case);
    const [row] = await t.database.orm.select({ n: count() }).from(feedback);
    expect(row?.n).toBe(0);
  });
});

describe('what stays allowed', () => {
  it('keeps tabs and line breaks in multi-line text', async () => {
    const bio = 'Four-piece band.\n\tFrom Austin,\r\nsince 2018.';
    const response = await request({
      as: 'performer',
      method: 'PATCH',
      url: () => '/api/profile/performer',
      body: () => ({ bio }),
      field: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile.bio).toBe(bio);
  });

  it('refuses a key with a NUL in it as an unknown field, at any depth', async () => {
    for (const body of [
      { ...fanInput(), 'tagName\u0000': 'x' },
      { ...showInput({ performerId }), externalVenue: { 'name\u0000': 'x' } },
    ]) {
      const isShow = 'performerId' in body;
      const response = await request({
        as: isShow ? 'performer' : 'fan',
        method: isShow ? 'POST' : 'PUT',
        url: () => (isShow ? '/api/shows' : '/api/profile/fan'),
        body: () => body,
        field: '',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
