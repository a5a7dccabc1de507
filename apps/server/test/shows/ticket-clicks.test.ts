import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '../../src/db/schema/index.ts';
import { createTicketClickRepo } from '../../src/repositories/ticket-click.repo.ts';
import { createTicketClicks } from '../../src/services/ticket-click.service.ts';
import { YEAR } from '../support/dates.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/profile-inputs.ts';
import { startSecondProcess } from '../support/second-process.ts';
import { announceAs, announced, member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** GET /go/ticket/:id, the counted 'Purchase Ticket(s)' link. */
let t: TestApp;
let spa: TestApp;
let dist: string;
beforeAll(async () => {
  t = await createTestApp();
  dist = makeTempDir('ticket-dist');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Encore</title><div id="root">');
  spa = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await Promise.all([t.close(), spa.close()]);
  rmSync(dist, { recursive: true, force: true });
});

/** Follows a show's link from `ip` (one address unless given: visitors are counted per show). */
const follow = (id: string, app = t, method: 'GET' | 'HEAD' = 'GET', ip = '192.0.2.10') =>
  app.app.inject({ method, url: `/go/ticket/${encodeURIComponent(id)}`, remoteAddress: ip });

/** Every count row of a show, oldest day first, days as 'YYYY-MM-DD'. */
async function clicksOf(id: string, app = t) {
  const { rows } = await app.database.orm.execute<{ day: string; clicks: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, clicks from ticket_clicks
    where show_id = ${id} order by day`);
  return rows;
}

/** Today's date in UTC, the day a click is counted on. */
async function utcToday(): Promise<string> {
  const { rows } = await t.database.orm.execute<{ day: string }>(
    sql`select to_char((now() at time zone 'utc')::date, 'YYYY-MM-DD') as day`,
  );
  return rows[0]?.day ?? '';
}

/** The days of a show's stored visitors, oldest first (one per visitor and day). */
async function visitorDaysOf(id: string): Promise<string[]> {
  const { rows } = await t.database.orm.execute<{ day: string }>(sql`
    select distinct to_char(day, 'YYYY-MM-DD') as day from ticket_click_visitors
    where show_id = ${id} order by day`);
  return rows.map((r) => r.day);
}

const setTicketUrl = (id: string, ticketUrl: string | null, app = t) =>
  app.database.orm.update(shows).set({ ticketUrl }).where(eq(shows.id, id));

function expectNotFound(response: Awaited<ReturnType<typeof follow>>) {
  expect(response.statusCode).toBe(404);
  expect(response.headers.location).toBeUndefined();
  expect(response.json().error).toMatchObject({ code: 'NOT_FOUND' });
}

describe('a public show with a ticket link', () => {
  it('redirects to the stored URL, uncached, and counts the click', async () => {
    const { show } = await announced(t, { ticketUrl: 'https://tickets.example.com/night?seat=A1' });
    const first = await follow(show.id);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://tickets.example.com/night?seat=A1');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const today = await utcToday();
    expect(await clicksOf(show.id)).toEqual([{ day: today, clicks: 1 }]);

    // A signed-in fan is a visitor of their own, whatever address they click from.
    const fan = await member(t, 'fan');
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/go/ticket/${show.id}`,
      headers: { cookie: fan.cookie },
    });
    expect(signedIn.statusCode).toBe(302);
    expect(await clicksOf(show.id)).toEqual([{ day: today, clicks: 2 }]);
  });

  it('keeps one row per day: yesterday’s count stays, today’s starts at one', async () => {
    const { show } = await announced(t);
    await t.database.orm.execute(sql`
      insert into ticket_clicks (show_id, day, clicks)
      values (${show.id}, (now() at time zone 'utc')::date - 1, 7)`);
    await follow(show.id);
    const rows = await clicksOf(show.id);
    expect(rows.map((r) => r.clicks)).toEqual([7, 1]);
    expect(rows[1]?.day).toBe(await utcToday());
  });

  it('concurrent clicks from different visitors all count, from one visitor once', async () => {
    const { show } = await announced(t);
    const ips = Array.from({ length: 12 }, (_, i) => `198.51.100.${i + 1}`);
    const answers = await Promise.all(ips.map((ip) => follow(show.id, t, 'GET', ip)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(302));
    expect((await clicksOf(show.id))[0]?.clicks).toBe(12);

    const { show: other } = await announced(t);
    const repeats = await Promise.all(ips.map(() => follow(other.id, t, 'GET', ips[0])));
    expect(repeats.map((a) => a.statusCode)).toEqual(Array(12).fill(302));
    expect((await clicksOf(other.id))[0]?.clicks).toBe(1);
  });

  it('a HEAD (a link checker, a preview) is redirected but not counted', async () => {
    const { show } = await announced(t);
    const head = await follow(show.id, t, 'HEAD');
    expect(head.statusCode).toBe(302);
    expect(await clicksOf(show.id)).toEqual([]);
  });
});

describe('no public ticket link: 404, nothing counted', () => {
  it('an unknown show', async () => {
    expectNotFound(await follow('no-such-show'));
    const { rows } = await t.database.orm.execute(
      sql`select 1 from ticket_clicks where show_id = 'no-such-show'`,
    );
    expect(rows).toEqual([]);
  });

  it('a show without a ticket URL', async () => {
    const { show } = await announced(t, { ticketUrl: null });
    expectNotFound(await follow(show.id));
    expect(await clicksOf(show.id)).toEqual([]);
  });

  it('a cancelled show', async () => {
    const { show, performer } = await announced(t);
    const cancel = await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    expect(cancel.statusCode).toBe(200);
    expectNotFound(await follow(show.id));
    expect(await clicksOf(show.id)).toEqual([]);
  });

  it('a show still waiting for the other party’s confirmation (not public)', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const pending = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
    });
    expect(pending.confirmation.state).toBe('pending');
    expectNotFound(await follow(pending.id));
    expect(await clicksOf(pending.id)).toEqual([]);
  });
});

describe('never an open redirect', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/phish',
    '/relative/path',
    'ftp://tickets.example.com/file',
    'not a url',
  ])('a stored %s (written around the API) is not followed or counted', async (stored) => {
    const { show } = await announced(t);
    await setTicketUrl(show.id, stored);
    expectNotFound(await follow(show.id));
    expect(await clicksOf(show.id)).toEqual([]);
  });

  it('the target is the show’s own URL: nothing in the request changes it', async () => {
    const { show } = await announced(t, { ticketUrl: 'https://tickets.example.com/own' });
    for (const url of [
      `/go/ticket/${show.id}?to=https://evil.example`,
      `/go/ticket/${show.id}?url=//evil.example`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers.location).toBe('https://tickets.example.com/own');
    }
    expectNotFound(await follow(`${show.id}/../../evil.example`));
  });
});

describe('one click per visitor per show per UTC day (repeated clicks from one address must not inflate the count)', () => {
  it('50 clicks from one address count once, and every one is still redirected', async () => {
    const { show } = await announced(t, { ticketUrl: 'https://tickets.example.com/fifty' });
    for (let i = 0; i < 50; i += 1) {
      const answer = await follow(show.id, t, 'GET', '203.0.113.50');
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('https://tickets.example.com/fifty');
    }
    expect(await clicksOf(show.id)).toEqual([{ day: await utcToday(), clicks: 1 }]);
  });

  it('two addresses count twice; the same address on another show counts there', async () => {
    const { show } = await announced(t);
    const { show: other } = await announced(t);
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.1', '203.0.113.2']) {
      expect((await follow(show.id, t, 'GET', ip)).statusCode).toBe(302);
    }
    await follow(other.id, t, 'GET', '203.0.113.1');
    expect((await clicksOf(show.id))[0]?.clicks).toBe(2);
    expect((await clicksOf(other.id))[0]?.clicks).toBe(1);
  });

  it('an IPv6 visitor is its /64 (a client picks any address in it): one network counts once', async () => {
    const { show } = await announced(t);
    const sameNetwork = ['2001:db8:1:2::a', '2001:db8:1:2:ffff::1', '2001:0db8:0001:0002:0:0:0:b'];
    for (const ip of sameNetwork) await follow(show.id, t, 'GET', ip);
    expect((await clicksOf(show.id))[0]?.clicks).toBe(1);
    await follow(show.id, t, 'GET', '2001:db8:1:3::a');
    // An IPv4 client seen through an IPv6 socket is its IPv4 address.
    await follow(show.id, t, 'GET', '198.51.100.77');
    await follow(show.id, t, 'GET', '::ffff:198.51.100.77');
    expect((await clicksOf(show.id))[0]?.clicks).toBe(3);
  });

  it('a signed-in fan counts once, from any number of addresses', async () => {
    const { show } = await announced(t);
    const fan = await member(t, 'fan');
    for (const ip of ['203.0.113.3', '203.0.113.4', '2001:db8::4']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/go/ticket/${show.id}`,
        headers: { cookie: fan.cookie },
        remoteAddress: ip,
      });
      expect(answer.statusCode).toBe(302);
    }
    expect((await clicksOf(show.id))[0]?.clicks).toBe(1);
  });

  it('two API processes on one database count a visitor once', async () => {
    const second = await startSecondProcess(t);
    try {
      const { show } = await announced(t);
      for (const app of [t.app, second.app, t.app, second.app]) {
        const answer = await app.inject({
          method: 'GET',
          url: `/go/ticket/${show.id}`,
          remoteAddress: '203.0.113.5',
        });
        expect(answer.statusCode).toBe(302);
      }
      expect((await clicksOf(show.id))[0]?.clicks).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('the next UTC day counts again; visitors of days before yesterday are deleted', async () => {
    const { show } = await announced(t);
    // The service's clock, driven: three days in a row, long past (no other test's day).
    const day = (n: number) => new Date(Date.UTC(YEAR - 3, 2, 1 + n, 23, 59)).toISOString();
    const on = (n: number) =>
      createTicketClicks(createTicketClickRepo(t.database.orm), {
        secret: t.config.authSecret,
        now: () => new Date(day(n)),
      });
    const visitor = { userId: null, address: '203.0.113.6' };
    const click = (n: number) => on(n).follow(show.id, { count: true, visitor });
    expect(await click(0)).toBe('https://tickets.example.com/1');
    expect(await click(0)).toBe('https://tickets.example.com/1');
    expect(await click(1)).toBe('https://tickets.example.com/1');
    expect(await click(1)).toBe('https://tickets.example.com/1');
    const days = [0, 1, 2].map((n) => day(n).slice(0, 10));
    expect(await clicksOf(show.id)).toEqual([
      { day: days[0], clicks: 1 },
      { day: days[1], clicks: 1 },
    ]);
    expect(await visitorDaysOf(show.id)).toEqual([days[0], days[1]]);

    // Two days on, the first day's visitors are gone; yesterday's stay (a process whose clock is
    // a little behind still counts yesterday's clicks once).
    await click(2);
    expect(await visitorDaysOf(show.id)).toEqual([days[1], days[2]]);
    expect((await clicksOf(show.id)).map((r) => r.clicks)).toEqual([1, 1, 1]);
  });

  it('keeps no address or user id: a keyed hash of the day and the visitor', async () => {
    const { show } = await announced(t);
    const fan = await member(t, 'fan');
    await follow(show.id, t, 'GET', '203.0.113.7');
    await t.app.inject({
      method: 'GET',
      url: `/go/ticket/${show.id}`,
      headers: { cookie: fan.cookie },
      remoteAddress: '203.0.113.7',
    });
    const { rows } = await t.database.orm.execute<{ visitor_key: string }>(sql`
      select visitor_key from ticket_click_visitors where show_id = ${show.id}`);
    expect(rows).toHaveLength(2);
    for (const { visitor_key: key } of rows) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toContain('203.0.113.7');
      expect(key).not.toContain(fan.id);
    }
  });
});

describe('with the built web app', () => {
  it('the redirect is served ahead of the page fallback', async () => {
    const { show } = await announced(spa, { ticketUrl: 'https://tickets.example.com/spa' });
    const response = await follow(show.id, spa);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://tickets.example.com/spa');
    expect(await clicksOf(show.id, spa)).toHaveLength(1);
  });

  it('a show without a link gets the app’s not-found page, with a 404 status', async () => {
    const { show } = await announced(spa, { ticketUrl: null });
    const response = await follow(show.id, spa);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await clicksOf(show.id, spa)).toEqual([]);
  });
});
