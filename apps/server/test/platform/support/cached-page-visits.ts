import type { CachedPageName } from '../../../src/http/cached-pages.ts';
import { encodeCursor } from '../../../src/repositories/alert-feed-cursor.repo.ts';
import { requested } from '../../support/booking.ts';
import { YEAR } from '../../support/dates.ts';
import { going, mark, watch } from '../../support/fan-pages.ts';
import { send } from '../../support/profile-inputs.ts';
import { announceConfirmed, laterStart, member, startShow } from '../../support/shows.ts';
import { palUp } from '../../support/social.ts';
import type { TestApp } from '../../support/test-app.ts';

export type Account = { id: string; cookie: string };
/** One request that fills a cached page: its URL (each a key no other visit uses) and its user. */
export type Visit = { url: string; as: Account | null };

/**
 * A small world in which every cached page's loader runs all its statements: a band with an
 * upcoming show (a support act on Encore, fans going, Show Pals among them) and a past one at an
 * Encore venue, its support act's own show in the same genre, a fan watching the band near home,
 * a booking request, a ticket click; and for each account that visits a page, a `neighbour` of the
 * same role.
 */
export async function cachedPageWorld(t: TestApp) {
  const band = await member(t, 'performer', { artistName: 'Coverage Quartet', genres: ['Jazz'] });
  const opener = await member(t, 'performer', { artistName: 'Coverage Opener' });
  const venue = await member(t, 'venue', { city: 'New York', state: 'NY', zipCode: '10001' });
  const fan = await member(t, 'fan', { zipCode: '10001', favoriteGenres: ['Jazz'] });
  const pal = await member(t, 'fan');
  await palUp(t, fan, pal);
  await watch(t, fan.cookie, band.id);
  const show = await announceConfirmed(t, band, venue, {
    genre: 'Jazz',
    supportingActs: [{ performerId: opener.id }, { name: 'Local Opener' }],
  });
  const confirmed = await send(t.app, 'POST', `/api/shows/${show.id}/acts/confirm`, opener.cookie);
  if (confirmed.statusCode !== 200) throw new Error(`act: ${confirmed.body}`);
  // A second upcoming show: Your Alerts has a page after the first. Not of the fan's genres: the
  // feed lists it because the fan watches the band (its copy reaches it by the performer's tag).
  await announceConfirmed(t, band, venue, { genre: 'Rock', startsAtLocal: laterStart(7) });
  // A favourite genre's show near home by an act the fan does not watch: Your Alerts lists it by
  // its genre alone (its copy, announced, reaches the feed only through the genre's tag).
  await announceConfirmed(t, opener, venue, { genre: 'Jazz', startsAtLocal: laterStart(10) });
  const past = await announceConfirmed(t, band, venue, {
    genre: 'Jazz',
    startsAtLocal: laterStart(3),
  });
  // Postponed with no new date yet: its page reads the move (show_events).
  const postponed = await announceConfirmed(t, band, venue, { startsAtLocal: laterStart(14) });
  const moved = await send(t.app, 'POST', `/api/shows/${postponed.id}/postpone`, band.cookie, {
    startsAtLocal: null,
  });
  if (moved.statusCode !== 200) throw new Error(`postpone: ${moved.body}`);
  for (const who of [fan, pal]) {
    await going(t, who.cookie, show.id);
    await going(t, who.cookie, past.id);
  }
  await startShow(t, past.id);
  await mark(t, pal.cookie, past.id, 'attended');
  await requested(t, band, venue.id);
  await send(t.app, 'GET', `/go/ticket/${show.id}`, undefined);
  // Another account of each role, for the same URL as someone else.
  const neighbours = new Map<string, Account>([
    [fan.id, pal],
    [band.id, opener],
    [venue.id, await member(t, 'venue')],
  ]);
  const neighbour = (of: Account): Account => {
    const found = neighbours.get(of.id);
    if (!found) throw new Error(`no neighbour for ${of.id}`);
    return found;
  };
  return {
    band,
    venue,
    fan,
    show,
    postponed,
    neighbour,
    accounts: [fan, band, venue, ...neighbours.values()],
  };
}

export type CachedPageWorld = Awaited<ReturnType<typeof cachedPageWorld>>;

/**
 * Each cached page's visits: every branch of its loader that issues other statements (a page of
 * a list after the first, a search's close spellings and genres, each role's notification
 * centre). Public pages are visited signed out, as the cache fills them.
 */
export function visitsOf(w: CachedPageWorld): Record<CachedPageName, Visit[]> {
  const anonymous = (url: string): Visit => ({ url, as: null });
  const afterFirstShow = encodeCursor({
    startsAtMicros: BigInt(Date.parse(w.show.startsAt)) * 1000n,
    id: w.show.id,
  });
  return {
    show: [anonymous(`/api/shows/${w.show.id}`), anonymous(`/api/shows/${w.postponed.id}`)],
    artist: [anonymous(`/api/artists/${w.band.id}`)],
    venue: [anonymous(`/api/venues/${w.venue.id}`)],
    artistTourDates: [anonymous(`/api/artists/${w.band.id}/shows.json`)],
    artistCalendar: [anonymous(`/api/artists/${w.band.id}/shows.ics`)],
    venueTourDates: [anonymous(`/api/venues/${w.venue.id}/shows.json`)],
    venueCalendar: [anonymous(`/api/venues/${w.venue.id}/shows.ics`)],
    city: [
      anonymous('/api/shows?near=10001'),
      anonymous(`/api/shows?near=10001&from=${YEAR}-01-01&to=${YEAR}-12-31&genre=Jazz&radius=100`),
      anonymous('/api/shows?near=New%20York%2C%20NY&when=month&page=2'),
    ],
    notifications: [
      { url: '/api/notifications', as: w.fan },
      { url: '/api/notifications?cursor=999999999&limit=5', as: w.fan },
      { url: '/api/notifications', as: w.venue },
      { url: '/api/notifications', as: w.band },
    ],
    fanHome: [{ url: '/api/fan/home', as: w.fan }],
    fanAlerts: [
      { url: '/api/fan/alerts', as: w.fan },
      // Cut at its limit (a next page follows): listing changes reach it up to its last day only.
      { url: '/api/fan/alerts?limit=1', as: w.fan },
      { url: `/api/fan/alerts?cursor=${afterFirstShow}&limit=5`, as: w.fan },
    ],
    performerDashboard: [{ url: '/api/dashboards/performer', as: w.band }],
    venueDashboard: [
      { url: '/api/dashboards/venue?period=30', as: w.venue },
      { url: '/api/dashboards/venue?period=365', as: w.venue },
    ],
    discoverySearch: [
      // A name's start, a close spelling (the second statement), a genre's name.
      { url: '/api/discovery/artists?q=Coverage', as: w.fan },
      { url: '/api/discovery/artists?q=Covrage%20Quartet', as: w.fan },
      { url: '/api/discovery/artists?q=jazz', as: w.fan },
    ],
  };
}
