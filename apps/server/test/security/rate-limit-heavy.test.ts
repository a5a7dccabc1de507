import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows, user as users } from '../../src/db/schema/index.ts';
import { YEAR } from '../support/dates.ts';
import { createUser } from '../support/factories.ts';
import { expectLimited, tightLimits } from '../support/rate-limits.ts';
import { uniqueIp } from '../support/requests.ts';
import { member, showInput } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Heavy routes, and the show changes that alert every watcher: 2 per account, from any address.
const MAX = 2;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimit: tightLimits({
      dataExport: MAX,
      photoUpload: MAX,
      showChanges: MAX,
      search: MAX,
      spotify: MAX,
    }),
  });
});
afterAll(() => t.close());

/** A request from a new client address each time: only the account's own limit can apply. */
function call(
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
  type = 'application/json',
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: uniqueIp(),
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': type }) },
    ...(body === undefined ? {} : { payload: Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
  });
}

describe('heavy work, per account', () => {
  it('limits the data export, HEAD counting as GET, whatever the spelling of the path', async () => {
    const { cookie } = await createUser(t.app);
    expect((await call('GET', '/api/account/export', cookie)).statusCode).toBe(200);
    expect((await call('HEAD', '/api/account/export', cookie)).statusCode).toBe(200);
    // The limit belongs to the route the router matched, not to the raw URL.
    expectLimited(await call('GET', '/%61pi/account/export', cookie));
  });

  it('limits photo uploads; the refused one changes no photo', async () => {
    const { user, cookie } = await createUser(t.app);
    const png = (n: number) =>
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, n]);
    for (let i = 0; i < MAX; i++) {
      expect(
        (await call('POST', '/api/profile/photo', cookie, png(i), 'image/png')).statusCode,
      ).toBe(200);
    }
    const [before] = await t.database.orm.select().from(users).where(eq(users.id, user.id));
    expectLimited(await call('POST', '/api/profile/photo', cookie, png(9), 'image/png'));
    const [after] = await t.database.orm.select().from(users).where(eq(users.id, user.id));
    expect(after?.image).toBe(before?.image);
  });

  it('limits searches: artist search and the booking directory share one count', async () => {
    const fan = await createUser(t.app);
    expect((await call('GET', '/api/discovery/artists?q=neon', fan.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/discovery/artists?q=rock', fan.cookie)).statusCode).toBe(200);
    expectLimited(await call('GET', '/api/discovery/artists?q=jazz', fan.cookie));

    const performer = await createUser(t.app, { role: 'performer' });
    // A route the role may not call is refused (access-guard.ts) before it is counted.
    expect((await call('GET', '/api/discovery/artists?q=x', performer.cookie)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/api/directory/venues?q=hall', performer.cookie)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/directory/performers?q=a', performer.cookie)).statusCode).toBe(
      200,
    );
    expectLimited(await call('GET', '/api/directory/performers?q=band', performer.cookie));
  });

  it('limits the calls that reach Spotify, whether or not it is configured', async () => {
    const { cookie } = await createUser(t.app);
    for (const url of ['/api/spotify/top-artists', '/api/spotify/library?q=a']) {
      expect((await call('GET', url, cookie)).statusCode).not.toBe(429);
    }
    expectLimited(await call('POST', '/api/spotify/import', cookie, { performerIds: [] }));
  });
});

describe('show changes that alert watchers, per account', () => {
  it('announce, edit, cancel and postpone share one count; the refused one changes nothing', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const input = showInput({ performerId: performer.id, venueId: venue.id });
    const announced = await call('POST', '/api/shows', performer.cookie, input);
    expect(announced.statusCode, announced.body).toBe(201);
    const { id } = announced.json().show;
    const cancelled = await call('POST', `/api/shows/${id}/cancel`, performer.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expectLimited(await call('POST', '/api/shows', performer.cookie, input));
    expectLimited(await call('PATCH', `/api/shows/${id}`, performer.cookie, { priceMin: 5 }));
    expectLimited(
      await call('POST', `/api/shows/${id}/postpone`, performer.cookie, {
        startsAtLocal: `${YEAR}-07-01T20:00`,
      }),
    );
    const rows = await t.database.orm
      .select()
      .from(shows)
      .where(eq(shows.performerId, performer.id));
    expect(rows).toHaveLength(1);
    // The venue has its own count.
    const byVenue = await call('POST', '/api/shows', venue.cookie, input);
    expect(byVenue.statusCode, byVenue.body).toBe(201);
  });
});

describe('answers to a listing, per account', () => {
  it('confirm and decline count with the show changes; the refused confirm leaves the show pending', async () => {
    const venue = await member(t, 'venue');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const performer = await member(t, 'performer');
      const input = showInput({ performerId: performer.id, venueId: venue.id });
      const listed = await call('POST', '/api/shows', performer.cookie, input);
      expect(listed.statusCode, listed.body).toBe(201);
      ids.push(listed.json().show.id);
    }
    const [first, second, third] = ids as [string, string, string];
    expect((await call('POST', `/api/shows/${first}/confirm`, venue.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/shows/${second}/decline`, venue.cookie)).statusCode).toBe(200);
    expectLimited(await call('POST', `/api/shows/${third}/confirm`, venue.cookie));
    const [row] = await t.database.orm.select().from(shows).where(eq(shows.id, third));
    expect(row?.confirmation).toBe('pending');
  });
});
