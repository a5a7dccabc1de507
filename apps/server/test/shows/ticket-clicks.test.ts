import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '../../src/db/schema/index.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/profile-inputs.ts';
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

const follow = (id: string, app = t, method: 'GET' | 'HEAD' = 'GET') =>
  app.app.inject({ method, url: `/go/ticket/${encodeURIComponent(id)}` });

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

const setTicketUrl = (id: string, ticketUrl: string | null, app = t) =>
  app.database.orm.update(shows).set({ ticketUrl }).where(eq(shows.id, id));

function expectNotFound(response: Awaited<ReturnType<typeof follow>>) {
  expect(response.statusCode).toBe(404);
  expect(response.headers.location).toBeUndefined();
  expect(response.json().error).toMatchObject({ code: 'NOT_FOUND' });
}

describe('a public show with a ticket link', () => {
  it('redirects to the stored URL, uncached, counting one click per request', async () => {
    const { show } = await announced(t, { ticketUrl: 'https://tickets.example.com/night?seat=A1' });
    const first = await follow(show.id);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://tickets.example.com/night?seat=A1');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const today = await utcToday();
    expect(await clicksOf(show.id)).toEqual([{ day: today, clicks: 1 }]);

    // Signed in or not, every follow is one more click on the same day's row.
    const fan = await member(t, 'fan');
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/go/ticket/${show.id}`,
      headers: { cookie: fan.cookie },
    });
    expect(signedIn.statusCode).toBe(302);
    await follow(show.id);
    expect(await clicksOf(show.id)).toEqual([{ day: today, clicks: 3 }]);
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

  it('concurrent clicks all count', async () => {
    const { show } = await announced(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => follow(show.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(302));
    expect((await clicksOf(show.id))[0]?.clicks).toBe(12);
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
