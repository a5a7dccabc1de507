import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CachedPage, createPublicCache } from './public-cache.ts';

/**
 * The tables each private page reads (a change notice naming one drops every user's copy of
 * that page: coarse, as decision 026), besides the user's own tag (`ownTag`), dropped by the
 * notices that name the user (http/private-change-listener.ts).
 */
export const PRIVATE_PAGE_TABLES = {
  notifications: [
    // In-app alerts: new ones come with encore_alerts_matched, read marks with
    // encore_notifications_read; alert_deliveries itself has no trigger (a fan-out pays nothing).
    'alert_deliveries',
    'show_notices',
    'social_notices',
    // Booking notices read their request's names, night, note and show; the request changes only
    // in the statement's transaction that writes its notice, or with a show (shows) or profile.
    'booking_notices',
    'going_invites',
    'shows',
    'show_acts',
    'user',
    'performer_profiles',
    'venue_profiles',
    'fan_profiles',
    'fan_settings',
  ],
  fanHome: [
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
  // The same shows and cards, chosen by the fan's follows, place and genres (fan_profiles);
  // zip_places is reference data, loaded with the migrations.
  fanAlerts: [
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
  // The booker dashboards (repositories/dashboards/): the rollups kept by triggers (migrations
  // 0016, 0018) and the show lists' names, going counts and ticket clicks. zip_places is
  // reference data.
  performerDashboard: [
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
  venueDashboard: [
    'shows',
    'show_audience_counts',
    'show_attendance',
    'ticket_clicks',
    'user',
    'performer_profiles',
    'venue_profiles',
  ],
  // Discovery's artist search (repositories/artist-search.repo.ts, discovered-artist-cards.ts):
  // names and genres, photos and roles, the shows that make an artist "on tour", the fan's alerts.
  discoverySearch: ['performer_profiles', 'user', 'shows', 'artist_alerts'],
} as const satisfies Record<string, readonly string[]>;

/** The tag of everything cached for one user. */
export const ownTag = (userId: string) => `user:${userId}`;

export type PrivatePage<T> = Omit<CachedPage<T>, 'key' | 'tables'> & {
  /** Route and normalised query; the user's id is added to it here, never left out. */
  key: string;
  tables: readonly string[];
};

/**
 * Responses private to one signed-in user (the notification centre, the fan dashboard, Your
 * Alerts, the performer's and venue's dashboards, Discovery's search), cached per process with the
 * public pages' machinery (lib/public-response-cache.ts: bytes, compressed variants, ETag, the
 * commit race), keyed by the user's id, route and query. A hit is served only after `sync`: every
 * change notice committed before the request has been handled (decision 029), so a change is
 * visible on the next request; when that cannot be known the page is read afresh.
 */
export function createPrivateCache() {
  const pages = createPublicCache();
  let sync: () => Promise<boolean> = async () => false;

  return {
    cache: pages.cache,

    /** The barrier of the connection that hears this cache's notices. */
    useSync(barrier: () => Promise<boolean>) {
      sync = barrier;
    },

    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      page: PrivatePage<T>,
    ) {
      if (!(await sync())) return reply.send(await page.load());
      return pages.send(request, reply, {
        ...page,
        key: `${userId}\n${page.key}`,
        tables: [...page.tables, ownTag(userId)],
      });
    },
  };
}

export type PrivateCache = ReturnType<typeof createPrivateCache>;
