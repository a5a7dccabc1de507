import { PG_CHANNELS } from '../db/pg-channels.ts';
import type { Cell } from '../domain/listing-cells.ts';
import {
  type Change,
  type Dependencies,
  LISTING_TAG,
  type TagKinds,
} from '../lib/public-response-cache.ts';
import type { FeedFollows } from '../repositories/fan-page-tags.repo.ts';

/**
 * Every page served from memory, in one place: the public pages (http/public-cache.ts, the same
 * for everyone) and each user's own (http/private-cache.ts, the user's id always in the key). For
 * each, its route (keys as in access-rules.ts), the request parameters its key is made of, the
 * tables it reads, and which of those it follows row by row (`byRow`, decision 034):
 * - a change notice naming a table the page reads drops it in every process (decision 026);
 * - unless the table is in `byRow` and the notice names its rows' tags (migration 0039: the busy
 *   tables): then only a page that showed one of them goes. Each route tags its page with what it
 *   showed (`tags`: its shows' `showTag`, the artist's or venue's `userTag`, `LISTING_TAG` for a
 *   list chosen by a query, `listingTag` for one chosen by performers, genres or place); a user's
 *   own page always carries the user's tag (http/private-cache.ts).
 * Every table listed has a statement trigger sending `encore_public_changed` (migrations 0030 and
 * 0039), or is one of NOTICE_COVERED_TABLES below, heard by the private cache only.
 *
 * test/platform/cache-coverage.test.ts runs each page's loader with its SQL recorded and fails
 * when it reads a table not listed here, when a listed table has no trigger, when a route
 * parameter is missing from the key, or when a notice naming a listed table leaves the page; and
 * it changes each row of the `byRow` tables one at a time, failing when the page's answer changed
 * but the page stayed cached.
 */
/**
 * The tables of who people are: accounts, profiles, a fan's settings (privacy among them). Their
 * notices name the person and every show they are on, with those shows' parties (migration 0044,
 * `person:`), so a page that lists a show drops when a name, photo or privacy on it changes, and a
 * sign-up (on no show yet) drops nothing.
 */
const PEOPLE = [
  'user',
  'performer_profiles',
  'venue_profiles',
  'fan_profiles',
  'fan_settings',
] as const;
/** The people tables of pages that name performers and venues, not fans. */
const BOOKERS = ['user', 'performer_profiles', 'venue_profiles'] as const;
/**
 * Your Alerts' per-show card fragments (http/show-fragments.ts, decision 051): each upcoming show
 * as ZShow serialises it, kept by id and read from these tables only, every one of which names the
 * show in its notices (`show:<id>`; the people tables every show a person is on, migration 0044).
 * Your Alerts and the artist and venue pages (decision 054) follow them all by row
 * (test/fans/alerts-fragments.test.ts, test/shows/profile-page-fragments.test.ts).
 */
export const SHOW_FRAGMENT_TABLES = [...BOOKERS, 'shows', 'show_acts', 'show_faces'] as const;

/**
 * A fan's profile and settings, followed by whose they are (`tagKinds`) by pages that read them
 * only for their own fan and the fans they name (tagged): the notice of another fan's edit also
 * names every show that fan is on (migration 0044), and leaves such pages (decision 060).
 */
const FAN_ROWS_BY_FAN: TagKinds = { fan_settings: 'user:', fan_profiles: 'user:' };

/** A show's page and its kin: who plays and hosts it, its acts, and who is going. */
const PROFILE_PAGE_TABLES = [...BOOKERS, 'shows', 'show_acts', 'show_attendance'] as const;

/** The venue dashboard's tables: its rollups (migrations 0016, 0045), shows, marks and clicks. */
const VENUE_DASHBOARD_TABLES = [
  ...BOOKERS,
  'shows',
  'venue_audience_years',
  'venue_audience_months',
  'show_audience_counts',
  'show_attendance',
  'ticket_clicks',
] as const;

/**
 * What the notification centre lists, each followed row by row: in-app alerts (no trigger:
 * NOTICE_COVERED_TABLES; a small fan-out names its fans, alerts/matched-notice.ts, and a big
 * one's are found by a probe, http/private-change-listener.ts, so only their pages go) with the
 * kind of their show event, the show, social and booking notices, and artist messages with their
 * performer and whether the fan muted them (decision 045).
 */
const NOTIFICATION_ROWS = [
  'alert_deliveries',
  'alert_reaches',
  'alert_early_reads',
  'show_events',
  'show_notices',
  'social_notices',
  'booking_notices',
  'going_invites',
  'artist_message_deliveries',
  'artist_messages',
  'artist_message_mutes',
  'shows',
  'show_acts',
] as const;

/**
 * The widget's feed, fetched by pages on other sites: a minute in any cache, as the city listing;
 * a show changed or cancelled reaches those pages within that.
 */
const TOUR_DATES_CACHE = 'public, max-age=60';
/** Calendar apps poll: five minutes, as the fan's own feed (which is private). */
const TOUR_CALENDAR_CACHE = 'public, max-age=300';

// The tour-date feeds (services/tour-dates.service.ts): an artist's or venue's upcoming shows, as
// JSON for the embeddable widget on other sites and as iCalendar for calendar apps; the calendar
// also reads each show's moves (SEQUENCE, a pending date).
const tourDatesFeed = <Route extends string>(route: Route) =>
  ({
    route,
    cache: 'public',
    cacheControl: TOUR_DATES_CACHE,
    key: ['id'],
    tables: PROFILE_PAGE_TABLES,
    byRow: PROFILE_PAGE_TABLES,
  }) as const;
const tourCalendarFeed = <Route extends string>(route: Route) =>
  ({
    route,
    cache: 'public',
    cacheControl: TOUR_CALENDAR_CACHE,
    key: ['id'],
    tables: [...PROFILE_PAGE_TABLES, 'show_events'],
    byRow: [...PROFILE_PAGE_TABLES, 'show_events'],
  }) as const;

export const CACHED_PAGES = {
  // The show page as an anonymous visitor sees it (a signed-in one is built uncached): the show,
  // its acts, and the attendees whose privacy lets anyone see them.
  show: {
    route: 'GET /api/shows/:id',
    cache: 'public',
    // Revalidated on every use (ETag: a 304 costs no query).
    cacheControl: 'no-cache',
    key: ['id'],
    tables: [
      'user',
      'performer_profiles',
      'venue_profiles',
      'fan_profiles',
      'fan_settings',
      'shows',
      'show_acts',
      'show_attendance',
      // A postponed show's last move: whether it has a new date yet.
      'show_events',
    ],
    byRow: [...PEOPLE, 'shows', 'show_acts', 'show_attendance', 'show_events'],
  },
  // The artist page without a fan's own alert (added to the cached page per request).
  artist: {
    route: 'GET /api/artists/:id',
    cache: 'public',
    // Revalidated on every use (ETag: a 304 costs no query).
    cacheControl: 'no-cache',
    key: ['id'],
    // Its shows' cards as the show fragments read them (decision 054: the going count kept in
    // show_faces, not counted from show_attendance), whether made of fragments or read whole.
    tables: [...SHOW_FRAGMENT_TABLES, 'artist_alerts'],
    byRow: [...SHOW_FRAGMENT_TABLES, 'artist_alerts'],
  },
  venue: {
    route: 'GET /api/venues/:id',
    cache: 'public',
    // Revalidated on every use (ETag: a 304 costs no query).
    cacheControl: 'no-cache',
    key: ['id'],
    // Its shows' cards as the show fragments read them, as the artist page's (decision 054).
    tables: [...SHOW_FRAGMENT_TABLES],
    byRow: [...SHOW_FRAGMENT_TABLES],
  },
  artistTourDates: tourDatesFeed('GET /api/artists/:id/shows.json'),
  artistCalendar: tourCalendarFeed('GET /api/artists/:id/shows.ics'),
  venueTourDates: tourDatesFeed('GET /api/venues/:id/shows.json'),
  venueCalendar: tourCalendarFeed('GET /api/venues/:id/shows.ics'),
  // The city listing, GET /api/shows?near=.
  city: {
    route: 'GET /api/shows',
    cache: 'public',
    // Shared as a link; a minute old at most, as the cache itself.
    cacheControl: 'public, max-age=60',
    key: ['near', 'radius', 'when', 'from', 'to', 'genre', 'page'],
    tables: ['user', 'performer_profiles', 'venue_profiles', 'shows', 'show_acts'],
    byRow: [...BOOKERS, 'shows', 'show_acts'],
  },
  notifications: {
    route: 'GET /api/notifications',
    cache: 'private',
    key: ['cursor', 'limit'],
    // Booking notices also read their request's names, night, note and show (migration 0038);
    // artist messages' reports hide one from everybody (rare: a report drops every centre).
    tables: [...NOTIFICATION_ROWS, 'booking_requests', 'artist_message_reports', ...PEOPLE],
    byRow: [...PEOPLE, ...NOTIFICATION_ROWS],
    // Its items show no stranger's face: a fan's profile and settings are read for its fan and
    // the fans its items name.
    tagKinds: FAN_ROWS_BY_FAN,
  },
  fanHome: {
    route: 'GET /api/fan/home',
    cache: 'private',
    key: [],
    tables: [
      'show_attendance',
      'shows',
      'show_acts',
      'artist_alerts',
      'user',
      'performer_profiles',
      'venue_profiles',
      'fan_profiles',
      'fan_settings',
      // Pals going and whose faces show (fan-visibility.repo.ts).
      'pal_links',
      'fan_blocks',
      // Each show's kept faces (migration 0041), tagged by the show, as in Your Alerts' cards.
      'show_faces',
    ],
    byRow: [
      ...PEOPLE,
      'show_attendance',
      'shows',
      'show_acts',
      'artist_alerts',
      'pal_links',
      'fan_blocks',
      'show_faces',
    ],
  },
  // Your Alerts: the same shows and cards, chosen by the fan's follows, place and genres.
  fanAlerts: {
    route: 'GET /api/fan/alerts',
    cache: 'private',
    key: ['cursor', 'limit'],
    tables: [
      'fan_profiles',
      'artist_alerts',
      'shows',
      'show_acts',
      'show_attendance',
      'user',
      'performer_profiles',
      'venue_profiles',
      'fan_settings',
      'pal_links',
      'fan_blocks',
      // Each show's kept faces (migration 0041), tagged by the show.
      'show_faces',
    ],
    byRow: [
      ...PEOPLE,
      'artist_alerts',
      'shows',
      'show_acts',
      'show_attendance',
      'pal_links',
      'fan_blocks',
      'show_faces',
    ],
  },
  // The booker dashboards (repositories/dashboards/): the rollups kept by triggers (migrations
  // 0016, 0018, 0045) and the show lists' names, going counts and ticket clicks.
  performerDashboard: {
    route: 'GET /api/dashboards/performer',
    cache: 'private',
    key: [],
    tables: [
      'performer_follow_months',
      'performer_follower_cities',
      'shows',
      'show_events',
      'alert_delivery_counts',
      'show_attendance',
      'ticket_clicks',
      'user',
      'performer_profiles',
      'venue_profiles',
      // The "Show requests" card (migration 0050: a change names the artist and the fan).
      'show_requests',
    ],
    byRow: [
      ...BOOKERS,
      'performer_follow_months',
      'performer_follower_cities',
      'shows',
      'show_events',
      'show_attendance',
      'ticket_clicks',
      'show_requests',
    ],
  },
  venueDashboard: {
    route: 'GET /api/dashboards/venue',
    cache: 'private',
    key: ['period'],
    tables: VENUE_DASHBOARD_TABLES,
    // Every table it reads names the rows' venue, show or person.
    byRow: VENUE_DASHBOARD_TABLES,
  },
  // Discovery's artist search (repositories/artist-search.repo.ts, discovered-artist-cards.repo.ts):
  // names and genres, photos and roles, the shows that make an artist "on tour", the fan's alerts.
  // The query is in the key as searchKey spells it (two spellings with one answer share it).
  discoverySearch: {
    route: 'GET /api/discovery/artists',
    cache: 'private',
    key: ['q'],
    tables: ['performer_profiles', 'user', 'shows', 'artist_alerts'],
    // Not performer_profiles: a new or renamed artist may join any query's answer.
    byRow: ['user', 'shows', 'artist_alerts'],
  },
} as const satisfies Record<string, CachedPageSpec>;

/**
 * Your Alerts' own cards (decision 060): the fan's part of each card (mark, pals going, why) and
 * what choosing the cards' faces needs of the fan, kept apart from the page (http/private-cache.ts'
 * `part`, http/alerts-own-cards.ts). Some of the page's tables (not the kept faces, nor the acts
 * and profiles of the shows: the fragments read those), all followed by row; the marks
 * (show_attendance) by who made them, the fan and their pals (`user:`), not by their shows:
 * another fan's going mark drops the page (its show's fragment changed) and leaves these, and the
 * page is made again without reading them.
 * test/platform/cache-coverage.test.ts checks what they read; cache-row-mutations.test.ts that a
 * page made again from them is what a fresh read gives, after every change of a row they follow.
 */
const FAN_ALERTS_OWN_TABLES = [
  'user',
  'fan_profiles',
  'fan_settings',
  'artist_alerts',
  'shows',
  'show_attendance',
  'pal_links',
  'fan_blocks',
] as const;
export const FAN_ALERTS_OWN_CARDS: Dependencies = {
  tables: FAN_ALERTS_OWN_TABLES,
  byRow: FAN_ALERTS_OWN_TABLES,
  // Their rows of these are the fan's and the pals' (their marks, privacy, names).
  tagKinds: { ...FAN_ROWS_BY_FAN, show_attendance: 'user:' },
};

export type CachedPageSpec = {
  /** `METHOD /path`, as in access-rules.ts. */
  route: string;
  /** Every parameter of the route (path and query) the answer depends on: all of them. */
  key: readonly string[];
  tables: readonly string[];
  /** Tables of `tables` whose tagged notices drop the page only when they name one of its tags. */
  byRow: readonly string[];
  /** Of those, the ones followed by one kind of their notices' tags only (`Dependencies`). */
  tagKinds?: TagKinds;
} & (
  | {
      cache: 'public';
      /** What a browser or CDN may do with it (http/cache-control.ts lists the route from here). */
      cacheControl: string;
    }
  | { cache: 'private' }
);

export type CachedPageName = keyof typeof CACHED_PAGES;

/**
 * Tables pages read that carry no change trigger, and the notices their writers send instead
 * (heard by http/private-change-listener.ts only, so only a private page may read them). Every
 * writer must send one: a silent write is not seen.
 */
export const NOTICE_COVERED_TABLES: Readonly<
  Record<string, { notices: readonly string[]; why: string }>
> = {
  alert_deliveries: {
    notices: [PG_CHANNELS.matched, PG_CHANNELS.read, PG_CHANNELS.digestReleased],
    why:
      'a fan-out writes up to a million rows: its notice drops its fans’ in-app pages (named in ' +
      "it for a small audience, found by a probe for a big one), a read mark its user's pages " +
      "(decision 029), a digest's release every centre (its alerts are no longer labelled as waiting)",
  },
  alert_reaches: {
    notices: [PG_CHANNELS.matched],
    why:
      "a big audience's reach (decision 064) is a row while its in-app rows are written: its " +
      'beginning and its end each NOTIFY the event, and every in-app page is dropped at both',
  },
  alert_early_reads: {
    notices: [PG_CHANNELS.read, PG_CHANNELS.matched],
    why:
      "a read mark made during a reach NOTIFYs its user (its pages go); the reach's end, which " +
      'applies the marks to their rows and deletes them, NOTIFYs the event (every in-app page goes)',
  },
};

/**
 * What the notification centre reads besides its tables while a big audience's reach lasts
 * (decision 064): the match's rules for the user (repositories/alerts/reach.repo.ts). No notice
 * follows these for the centre: its pages are dropped at the reach's beginning and again at its
 * end (its notices, http/private-change-listener.ts), so a page read meanwhile lives no longer
 * than the reach, a few seconds, and says what the alert's row will say.
 */
export const REACH_READS: Readonly<Record<string, string>> = {
  artist_alerts: 'the watchers of the headliner and of its confirmed acts',
  fan_places: 'the places a fan keeps besides home, for the genre-and-radius rule',
  show_requests: "the requesters of the show's headliner",
  show_attendance: 'the going fans a follow-up (a move, a cancellation) reaches',
};

/**
 * Tables pages read that change only when a process starts (a deploy), never while it serves:
 * no trigger, and a cached page outlives no change by more than the caches' 60 s.
 */
export const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  zip_places: "the bundled ZIP table, written only by db/zip-places.ts' sync after the migrations",
};

type KeyValues<N extends CachedPageName> = {
  [K in (typeof CACHED_PAGES)[N]['key'][number]]?: string | number;
};

/**
 * A cached page's key, tables and (a public page's) Cache-Control, from its entry above: the key is the page's name and the values
 * of its declared parameters, in their order (an absent optional parameter is null).
 */
export function cachedPage<N extends CachedPageName>(
  name: N,
  values: KeyValues<N>,
): {
  key: string;
  tables: readonly string[];
  byRow: readonly string[];
  tagKinds?: TagKinds;
  cacheControl?: string;
} {
  const page: CachedPageSpec = CACHED_PAGES[name];
  const given = values as Record<string, string | number | undefined>;
  return {
    key: `${name}:${JSON.stringify(page.key.map((k) => given[k] ?? null))}`,
    tables: page.tables,
    byRow: page.byRow,
    ...(page.tagKinds && { tagKinds: page.tagKinds }),
    ...(page.cache === 'public' && { cacheControl: page.cacheControl }),
  };
}

/** A show's tag, as migration 0039's notices name a changed row of it, or one about it. */
export const showTag = (id: string) => `show:${id}`;
/** A fan's, performer's or venue's tag, as the notices name their rows. */
export const userTag = (id: string) => `user:${id}`;
/**
 * Sent when the set of shows a listing may hold changed (a show added, removed, or edited beyond
 * its results; any act): carried by a page that lists shows chosen by a query, not by id. Its
 * notices also name the days those shows start (decision 061: lib/public-response-cache.ts).
 */
export { LISTING_TAG };
/**
 * The same change, told by who may list the show (migration 0040): its performer and its genre,
 * before and after an edit. Your Alerts carries its fan's follows' instead of LISTING_TAG, so an
 * announcement drops only the feeds of the fans it can reach.
 */
export const listingTag = {
  performer: (id: string) => `${LISTING_TAG}:performer_id:${id}`,
  genre: (genre: string) => `${LISTING_TAG}:genre:${genre.replaceAll(',', '%2C')}`,
  /**
   * By where the show is (migration 0055, decision 055): the city listing carries the cells its
   * circle touches instead of LISTING_TAG, so a show announced in Denver keeps Boston's pages.
   */
  cell: ({ lat, lon }: Cell) => `${LISTING_TAG}:cell:${lat}:${lon}`,
  /** Your Alerts' and its own cards': the watched performers' and the favourite genres'. */
  follows: ({ performerIds, genres }: FeedFollows): string[] => [
    ...performerIds.map(listingTag.performer),
    ...genres.map(listingTag.genre),
  ],
};
export const showTags = (shows: ReadonlyArray<{ id: string }>) => shows.map((s) => showTag(s.id));

/**
 * An `encore_public_changed` payload as a change: `table` (any row), `table|tag,tag` (rows with
 * those tags; migration 0039), or empty (anything).
 */
export function parseChangeNotice(payload: string): Change {
  if (!payload) return {};
  const bar = payload.indexOf('|');
  if (bar < 0) return { table: payload };
  const tags = payload.slice(bar + 1);
  return { table: payload.slice(0, bar), tags: tags ? tags.split(',') : [] };
}
