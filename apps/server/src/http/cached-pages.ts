import { PG_CHANNELS } from '../db/pg-channels.ts';

/**
 * Every page served from memory, in one place: the public pages (http/public-cache.ts, the same
 * for everyone) and each user's own (http/private-cache.ts, the user's id always in the key). For
 * each, its route (keys as in access-rules.ts), the request parameters its key is made of, and the
 * tables it reads: a change notice naming one of them drops the page in every process (coarse,
 * decision 026). Every table listed has migration 0030's statement trigger
 * (`encore_public_changed`), or is one of NOTICE_COVERED_TABLES below, heard by the private cache
 * only.
 *
 * test/platform/cache-coverage.test.ts runs each page's loader with its SQL recorded and fails
 * when it reads a table not listed here, when a listed table has no trigger, when a route
 * parameter is missing from the key, or when a notice naming a listed table leaves the page.
 */
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
    ],
  },
  // The artist page without a fan's own alert (added to the cached page per request).
  artist: {
    route: 'GET /api/artists/:id',
    cache: 'public',
    // Revalidated on every use (ETag: a 304 costs no query).
    cacheControl: 'no-cache',
    key: ['id'],
    tables: [
      'user',
      'performer_profiles',
      'venue_profiles',
      'shows',
      'show_acts',
      'show_attendance',
      'artist_alerts',
    ],
  },
  venue: {
    route: 'GET /api/venues/:id',
    cache: 'public',
    // Revalidated on every use (ETag: a 304 costs no query).
    cacheControl: 'no-cache',
    key: ['id'],
    tables: [
      'user',
      'performer_profiles',
      'venue_profiles',
      'shows',
      'show_acts',
      'show_attendance',
    ],
  },
  // The city listing, GET /api/shows?near=.
  city: {
    route: 'GET /api/shows',
    cache: 'public',
    // Shared as a link; a minute old at most, as the cache itself.
    cacheControl: 'public, max-age=60',
    key: ['near', 'radius', 'when', 'from', 'to', 'genre', 'page'],
    tables: ['user', 'performer_profiles', 'venue_profiles', 'shows', 'show_acts'],
  },
  notifications: {
    route: 'GET /api/notifications',
    cache: 'private',
    key: ['cursor', 'limit'],
    tables: [
      // In-app alerts (no trigger: NOTICE_COVERED_TABLES) and the kind of their show event.
      'alert_deliveries',
      'show_events',
      'show_notices',
      'social_notices',
      // Booking notices with their request's names, night, note and show (migration 0038).
      'booking_notices',
      'booking_requests',
      'going_invites',
      'shows',
      'show_acts',
      'user',
      'performer_profiles',
      'venue_profiles',
      'fan_profiles',
      'fan_settings',
    ],
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
      // Pals going and whose faces show (fan-visibility.ts).
      'pal_links',
      'fan_blocks',
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
    ],
  },
  // The booker dashboards (repositories/dashboards/): the rollups kept by triggers (migrations
  // 0016, 0018) and the show lists' names, going counts and ticket clicks.
  performerDashboard: {
    route: 'GET /api/dashboards/performer',
    cache: 'private',
    key: [],
    tables: [
      'performer_follow_months',
      'performer_follower_zips',
      'shows',
      'show_events',
      'alert_delivery_counts',
      'show_attendance',
      'ticket_clicks',
      'user',
      'performer_profiles',
      'venue_profiles',
    ],
  },
  venueDashboard: {
    route: 'GET /api/dashboards/venue',
    cache: 'private',
    key: ['period'],
    tables: [
      'shows',
      'show_audience_counts',
      'show_attendance',
      'ticket_clicks',
      'user',
      'performer_profiles',
      'venue_profiles',
    ],
  },
  // Discovery's artist search (repositories/artist-search.repo.ts, discovered-artist-cards.ts):
  // names and genres, photos and roles, the shows that make an artist "on tour", the fan's alerts.
  // The query is in the key as searchKey spells it (two spellings with one answer share it).
  discoverySearch: {
    route: 'GET /api/discovery/artists',
    cache: 'private',
    key: ['q'],
    tables: ['performer_profiles', 'user', 'shows', 'artist_alerts'],
  },
} as const satisfies Record<string, CachedPageSpec>;

export type CachedPageSpec = {
  /** `METHOD /path`, as in access-rules.ts. */
  route: string;
  /** Every parameter of the route (path and query) the answer depends on: all of them. */
  key: readonly string[];
  tables: readonly string[];
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
    notices: [PG_CHANNELS.matched, PG_CHANNELS.read],
    why:
      'a fan-out writes up to a million rows: its notice drops every in-app page, a read mark ' +
      "its user's pages (decision 029)",
  },
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
): { key: string; tables: readonly string[]; cacheControl?: string } {
  const page: CachedPageSpec = CACHED_PAGES[name];
  const given = values as Record<string, string | number | undefined>;
  return {
    key: `${name}:${JSON.stringify(page.key.map((k) => given[k] ?? null))}`,
    tables: page.tables,
    ...(page.cache === 'public' && { cacheControl: page.cacheControl }),
  };
}
