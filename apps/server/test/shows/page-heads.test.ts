import { rmSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { showLocalStart } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/db/schema/index.ts';
import { send } from '../support/profile-inputs.ts';
import { eventually } from '../support/recording-sender.ts';
import { announceAs, announceConfirmed, laterStart, member } from '../support/shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { webDistWithIndex } from '../support/web-dist.ts';

/**
 * The public pages' HTML as a crawler or a link preview fetches it, without running a script
 * (routes/page-html.routes.ts): each kind of page's head, read with an HTML parser; a change to
 * the show shows in its head once the database's notice arrives; unknown ids and paths answer
 * 404 with noindex; the ETag answers 304.
 */

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = webDistWithIndex('web-dist-heads');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

type Head = {
  title: string;
  description: string | null;
  robots: string | null;
  canonical: string | null;
  og: (property: string) => string | null;
  twitterCard: string | null;
  root: boolean;
};

/** The head as a crawler reads it: parsed, not matched as text. */
function parse(html: string): Head {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  const content = (selector: string) =>
    doc.querySelector(selector)?.getAttribute('content') ?? null;
  const head: Head = {
    title: doc.title,
    description: content('meta[name="description"]'),
    robots: content('meta[name="robots"]'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: (property) => content(`meta[property="${property}"]`),
    twitterCard: content('meta[name="twitter:card"]'),
    root: doc.querySelector('#root') !== null && doc.querySelectorAll('title').length === 1,
  };
  expect(doc.querySelectorAll('meta[name="description"]').length).toBeLessThanOrEqual(1);
  window.close();
  return head;
}

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await get(url, headers);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  return { response, head: parse(response.body) };
}

/** Every preview tag there, the images and URLs absolute. */
function expectPreview(head: Head, expected: { title: string; url: string; image: string }) {
  expect(head.og('og:title')).toBe(expected.title);
  expect(head.og('og:description')).toBe(head.description);
  expect(head.description?.length).toBeGreaterThan(0);
  expect(head.og('og:url')).toBe(expected.url);
  expect(head.canonical).toBe(expected.url);
  expect(head.og('og:image')).toBe(expected.image);
  expect(head.og('og:site_name')).toBe('Encore');
  expect(head.twitterCard).toBe('summary');
  expect(head.robots).toBeNull();
  expect(head.root).toBe(true);
}

async function world(day: number) {
  const performer = await member(t, 'performer', {
    artistName: 'The Lanterns',
    bio: 'Folk rock from the river towns.',
  });
  const venue = await member(t, 'venue', {
    venueName: 'Capitol Hall',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    streetAddress: '1 Capitol Ave',
    description: 'A 600-seat room downtown.',
  });
  const show = await announceConfirmed(t, performer, venue, {
    startsAtLocal: laterStart(day),
    supportingActs: [{ name: 'Opener & <Friends>' }],
  });
  return { performer, venue, show };
}

describe('a public page fetched without JavaScript', () => {
  it('a show: its title, date, venue, city and its performer’s photo', async () => {
    const { performer, show } = await world(1);
    await t.database.orm
      .update(user)
      .set({ image: '/uploads/lanterns.jpg' })
      .where(eq(user.id, performer.id));
    const { response, head } = await page(`/shows/${show.id}`);
    expect(response.statusCode).toBe(200);
    expect(head.title).toBe('The Lanterns at Capitol Hall · Encore');
    const when = showLocalStart(show.startsAt, show.timeZone).text;
    expect(head.description).toBe(
      `${when} at Capitol Hall, Springfield, IL. With Opener & <Friends>. ${show.genre}.`,
    );
    expectPreview(head, {
      title: 'The Lanterns at Capitol Hall',
      url: `${TEST_ORIGIN}/shows/${show.id}`,
      image: `${TEST_ORIGIN}/uploads/lanterns.jpg`,
    });
    // Escaped as it was written: the typed name's markup is text, not an element.
    expect(response.body).toContain('Opener &amp; &lt;Friends&gt;');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('an artist and a venue, with the site’s image when there is no photo', async () => {
    const { performer, venue } = await world(2);
    const artist = await page(`/artists/${performer.id}`);
    expect(artist.response.statusCode).toBe(200);
    expect(artist.head.title).toBe('The Lanterns · Encore');
    expect(artist.head.description).toBe('Folk rock from the river towns.');
    expectPreview(artist.head, {
      title: 'The Lanterns',
      url: `${TEST_ORIGIN}/artists/${performer.id}`,
      image: `${TEST_ORIGIN}/icons/icon-512.png`,
    });
    const hall = await page(`/venues/${venue.id}`);
    expect(hall.response.statusCode).toBe(200);
    expect(hall.head.title).toBe('Capitol Hall · Encore');
    expect(hall.head.description).toBe('Capitol Hall, Springfield, IL. A 600-seat room downtown.');
    expectPreview(hall.head, {
      title: 'Capitol Hall',
      url: `${TEST_ORIGIN}/venues/${venue.id}`,
      image: `${TEST_ORIGIN}/icons/icon-512.png`,
    });
  });

  it('a city listing, its URL with the query in its own order, and the search box', async () => {
    await world(3);
    const { response, head } = await page('/shows?radius=25&near=62701&utm_source=feed');
    expect(response.statusCode).toBe(200);
    expect(head.title).toBe('Shows near Springfield, IL 62701 · Encore');
    expect(head.description).toMatch(
      /^Upcoming shows within 25 miles of Springfield, IL 62701: The Lanterns at Capitol Hall/,
    );
    expectPreview(head, {
      title: 'Shows near Springfield, IL 62701',
      url: `${TEST_ORIGIN}/shows?near=62701&radius=25`,
      image: `${TEST_ORIGIN}/icons/icon-512.png`,
    });
    for (const url of ['/shows', '/shows/']) {
      const search = await page(url);
      expect(search.response.statusCode).toBe(200);
      expect(search.head.title).toBe('Find shows near you · Encore');
      expect(search.head.robots).toBeNull();
    }
  });

  it('a signed-in visitor gets the same public head, nothing of their own', async () => {
    const { show } = await world(4);
    const fan = await member(t, 'fan');
    const anonymous = await get(`/shows/${show.id}`);
    const signedIn = await get(`/shows/${show.id}`, { cookie: fan.cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toBe(anonymous.body);
  });
});

describe('a change to the page', () => {
  it('shows in the show’s head, its artist’s and its venue’s', async () => {
    const { performer, venue, show } = await world(5);
    const urls = [`/shows/${show.id}`, `/artists/${performer.id}`, `/venues/${venue.id}`];
    for (const url of urls) expect((await get(url)).statusCode).toBe(200);
    const edited = await send(t.app, 'PATCH', `/api/shows/${show.id}`, performer.cookie, {
      startsAtLocal: laterStart(15),
    });
    expect(edited.statusCode).toBe(200);
    const when = showLocalStart(edited.json().show.startsAt, show.timeZone).text;
    await eventually(async () =>
      (await page(urls[0] as string)).head.description?.startsWith(when),
    );
    await send(t.app, 'PATCH', '/api/profile/performer', performer.cookie, {
      artistName: 'The New Lanterns',
    });
    await eventually(
      async () => (await page(urls[1] as string)).head.title === 'The New Lanterns · Encore',
    );
    await eventually(
      async () =>
        (await page(urls[0] as string)).head.title === 'The New Lanterns at Capitol Hall · Encore',
    );
    await send(t.app, 'POST', `/api/shows/${show.id}/cancel`, performer.cookie);
    await eventually(async () =>
      (await page(urls[0] as string)).head.description?.startsWith('Cancelled: '),
    );
  });

  it('a postponed show says whether it has its new date, as its page does', async () => {
    const { performer, show } = await world(6);
    const url = `/shows/${show.id}`;
    const was = showLocalStart(show.startsAt, show.timeZone).text;
    const postpone = (startsAtLocal: string | null) =>
      send(t.app, 'POST', `/api/shows/${show.id}/postpone`, performer.cookie, { startsAtLocal });
    expect((await postpone(null)).statusCode).toBe(200);
    await eventually(async () =>
      (await page(url)).head.description?.startsWith(
        `Postponed: new date to be announced (was ${was})`,
      ),
    );
    const moved = await postpone(laterStart(16));
    expect(moved.statusCode).toBe(200);
    const to = showLocalStart(moved.json().show.startsAt, show.timeZone).text;
    await eventually(async () =>
      (await page(url)).head.description?.startsWith(`Postponed to ${to} at `),
    );
  });
});

describe('no page there', () => {
  it.each([
    '/shows/no-such-show',
    '/artists/no-such-artist',
    '/venues/no-such-venue',
    '/shows/two%0Alines',
    '/shows?near=Nowhere%2C%20ZZ',
    '/shows?near=62701&radius=7',
    '/no/such/page',
    '/landing/extra',
  ])('%s answers 404 with noindex, and the app to draw its not-found screen', async (url) => {
    const { response, head } = await page(url);
    expect(response.statusCode).toBe(404);
    expect(head.robots).toBe('noindex');
    expect(head.title).toBe('Page not found · Encore');
    expect(head.root).toBe(true);
    expect(response.body).toContain('/assets/index-Ab12Cd34.js');
    expect(head.og('og:title')).toBeNull();
  });

  it('the not-found page is compressed once at start, as the app’s', async () => {
    const response = await get('/no/such/page', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(parse(html).robots).toBe('noindex');
  });

  it.each(['/landing', '/Landing/', '/dashboard', '/discovery/genre/rock', '/my-shows/x/edit'])(
    'a page of the app at %s is the plain index.html, with no preview of anyone',
    async (url) => {
      const { response, head } = await page(url);
      expect(response.statusCode).toBe(200);
      expect(head.title).toBe('Encore · Never miss another show');
      expect(head.robots).toBeNull();
      expect(head.og('og:title')).toBeNull();
    },
  );

  it('a show waiting for its other party is not found to strangers, the app’s page to a session', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const pending = await announceAs(t, performer.cookie, {
      performerId: performer.id,
      venueId: venue.id,
      startsAtLocal: laterStart(20),
    });
    const stranger = await page(`/shows/${pending.id}`);
    expect(stranger.response.statusCode).toBe(404);
    expect(stranger.head.robots).toBe('noindex');
    const party = await page(`/shows/${pending.id}`, { cookie: venue.cookie });
    expect(party.response.statusCode).toBe(200);
    expect(party.head.robots).toBeNull();
    expect(party.head.title).toBe('Encore · Never miss another show');
  });
});

describe('revalidation', () => {
  it('answers 304 to the page’s ETag, in any encoding, until the page changes', async () => {
    const { performer } = await world(6);
    const url = `/artists/${performer.id}`;
    const first = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await send(t.app, 'PATCH', '/api/profile/performer', performer.cookie, {
      bio: 'A new bio.',
    });
    const changed = await eventually(async () => {
      const answer = await get(url, { 'if-none-match': etag });
      return answer.statusCode === 200 && answer;
    });
    expect(parse(changed.body).description).toBe('A new bio.');
  });
});
