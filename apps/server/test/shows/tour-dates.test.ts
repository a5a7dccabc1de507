import type { TTourDates } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import { announceAs, announceConfirmed, laterStart, member, startShow } from '../support/shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

/**
 * The public tour-date feeds (GET /api/{artists,venues}/:id/shows.json and .ics) and the
 * widget's frame page (GET /embed/{artists,venues}/:id), as a page on another site and a
 * calendar app meet them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/**
 * A band on tour: two upcoming shows at an Encore venue (one whose venue's name carries markup,
 * one cancelled), a past one, one the venue has not confirmed yet, and one without a ticket link.
 */
async function tour() {
  const band = await member(t, 'performer', { artistName: 'Feed Band <b>' });
  const venue = await member(t, 'venue', {
    venueName: '<script>alert(1)</script> Hall',
    city: 'Boston',
    state: 'MA',
    zipCode: '02115',
  });
  const soon = await announceConfirmed(t, band, venue, { startsAtLocal: laterStart(1) });
  const cancelled = await announceConfirmed(t, band, venue, { startsAtLocal: laterStart(2) });
  const off = await send(t.app, 'POST', `/api/shows/${cancelled.id}/cancel`, band.cookie);
  expect(off.statusCode).toBe(200);
  const noTickets = await announceConfirmed(t, band, venue, {
    startsAtLocal: laterStart(3),
    ticketUrl: null,
  });
  const past = await announceConfirmed(t, band, venue, { startsAtLocal: laterStart(4) });
  await startShow(t, past.id);
  const pending = await announceAs(t, band.cookie, {
    performerId: band.id,
    venueId: venue.id,
    startsAtLocal: laterStart(5),
  });
  return { band, venue, soon, cancelled, noTickets, past, pending };
}

describe('an artist’s JSON feed', () => {
  it('lists its upcoming public shows with public fields and Encore’s links only', async () => {
    const w = await tour();
    const response = await get(`/api/artists/${w.band.id}/shows.json`);
    expect(response.statusCode).toBe(200);
    const feed = response.json<TTourDates>();
    expect(feed.name).toBe('Feed Band <b>');
    expect(feed.pageUrl).toBe(`${TEST_ORIGIN}/artists/${w.band.id}`);
    // Soonest first; neither the past show nor the one its venue has not confirmed.
    expect(feed.shows.map((s) => s.id)).toEqual([w.soon.id, w.cancelled.id, w.noTickets.id]);
    const [first, cancelled, noTickets] = feed.shows;
    expect(first).toEqual({
      id: w.soon.id,
      startsAt: w.soon.startsAt,
      timeZone: w.soon.timeZone,
      status: 'announced',
      performer: { id: w.band.id, name: 'Feed Band <b>' },
      venue: { name: '<script>alert(1)</script> Hall', city: 'Boston', state: 'MA' },
      pageUrl: `${TEST_ORIGIN}/shows/${w.soon.id}`,
      alertUrl: `${TEST_ORIGIN}/artists/${w.band.id}`,
      // Through the counted link, never the ticket seller's URL itself.
      ticketUrl: `${TEST_ORIGIN}/go/ticket/${w.soon.id}`,
    });
    expect(cancelled?.status).toBe('cancelled');
    expect(noTickets?.ticketUrl).toBeNull();
    // Nothing of the show's business or its fans: not a count, not a name.
    expect(response.body).not.toMatch(/attend|revenue|gross|merch|price|email|phone/i);
  });

  it('may be read from any origin without credentials, and kept a minute', async () => {
    const { band } = await tour();
    const response = await get(`/api/artists/${band.id}/shows.json`, {
      origin: 'https://band.example',
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['set-cookie']).toBeUndefined();
    const etag = String(response.headers.etag);
    const again = await get(`/api/artists/${band.id}/shows.json`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('lists a show as soon as its venue confirms it (the cached feed is dropped)', async () => {
    const w = await tour();
    const url = `/api/artists/${w.band.id}/shows.json`;
    expect((await get(url)).json<TTourDates>().shows).toHaveLength(3);
    await send(t.app, 'POST', `/api/shows/${w.pending.id}/confirm`, w.venue.cookie, {
      confirmSameNight: true,
    });
    const after = (await get(url)).json<TTourDates>();
    expect(after.shows.map((s) => s.id)).toContain(w.pending.id);
  });

  it('answers 404 with the CORS header for an id that is no artist', async () => {
    const { venue } = await tour();
    for (const id of ['no-such-artist', venue.id]) {
      const response = await get(`/api/artists/${id}/shows.json`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect((await get(`/api/artists/${id}/shows.ics`)).statusCode).toBe(404);
      expect((await get(`/embed/artists/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('a venue’s JSON feed', () => {
  it('lists the upcoming public shows at the venue', async () => {
    const w = await tour();
    const response = await get(`/api/venues/${w.venue.id}/shows.json`);
    expect(response.statusCode).toBe(200);
    const feed = response.json<TTourDates>();
    expect(feed.name).toBe('<script>alert(1)</script> Hall');
    expect(feed.pageUrl).toBe(`${TEST_ORIGIN}/venues/${w.venue.id}`);
    expect(feed.shows.map((s) => s.id)).toEqual([w.soon.id, w.cancelled.id, w.noTickets.id]);
    expect(feed.shows[0]?.alertUrl).toBe(`${TEST_ORIGIN}/artists/${w.band.id}`);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect((await get(`/api/venues/${w.band.id}/shows.json`)).statusCode).toBe(404);
  });
});

/** The feed's lines, unfolded (RFC 5545 3.1: CRLF + space continues the line). */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('the iCalendar feeds', () => {
  it('are valid calendars of the upcoming public shows, cancelled ones marked', async () => {
    const w = await tour();
    for (const url of [
      `/api/artists/${w.band.id}/shows.ics`,
      `/api/venues/${w.venue.id}/shows.ics`,
    ]) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      const ics = response.body;
      // CRLF line ends, no line over 75 octets, one calendar with its required properties.
      expect(ics.endsWith('\r\n')).toBe(true);
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const lines = unfold(ics);
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines).toContain('VERSION:2.0');
      expect(lines).toContain('PRODID:-//Encore//Shows//EN');
      expect(lines.at(-2)).toBe('END:VCALENDAR');
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(3);
      expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(3);
      expect(lines).toContain(`UID:show-${w.soon.id}@encore`);
      expect(lines).toContain(`UID:show-${w.cancelled.id}@encore`);
      expect(lines).not.toContain(`UID:show-${w.past.id}@encore`);
      expect(lines).not.toContain(`UID:show-${w.pending.id}@encore`);
      expect(lines.filter((l) => l === 'STATUS:CANCELLED')).toHaveLength(1);
      expect(lines).toContain(`URL:${TEST_ORIGIN}/shows/${w.soon.id}`);
      // The venue's name as TEXT (its comma escaped), never markup of ours.
      expect(lines.find((l) => l.startsWith('LOCATION:'))).toMatch(
        /^LOCATION:<script>alert\(1\)<\/script> Hall\\, /,
      );
    }
  });
});

describe('the widget’s frame page', () => {
  it('may be framed by any site, and says so for that page only', async () => {
    const { band, venue } = await tour();
    const frame = await get(`/embed/artists/${band.id}`);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(frame.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.headers['set-cookie']).toBeUndefined();
    // The widget's script with its owner, and the owner's name escaped in the title.
    expect(frame.body).toContain(
      `<script src="/embed/tour-dates.js" data-artist="${band.id}" async>`,
    );
    expect(frame.body).toContain('<title>Feed Band &lt;b&gt;: tour dates · Encore</title>');
    const venueFrame = await get(`/embed/venues/${venue.id}`);
    expect(venueFrame.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Hall');
    expect(venueFrame.body).not.toContain('<script>alert(1)');
    // Every other page and answer still refuses to be framed.
    for (const url of [
      `/api/artists/${band.id}`,
      `/api/artists/${band.id}/shows.json`,
      `/api/artists/${band.id}/shows.ics`,
      `/api/venues/${venue.id}`,
      '/api/account/session',
    ]) {
      const response = await get(url);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(String(response.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'none'",
      );
    }
  });
});
