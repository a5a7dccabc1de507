/**
 * Every URL of the app, declared once (spec "Route table"). Routes use `path`, links and redirects
 * use `href()`, so renaming a URL is a one-line change.
 */
const route = <P extends string>(path: P) => ({ path, href: () => path });

/** A URL with an `:id` segment: `path` for the route table, `href(id)` for links. */
const routeWithId = <P extends `${string}:id${string}`>(path: P) => ({
  path,
  href: (id: string) => path.replace(':id', encodeURIComponent(id)),
});

/** The query parameter that carries where to return after logging in, e.g. `?next=/shows/42`. */
export const NEXT_PARAM = 'next';

/** The query parameter that opens a settings page on one tab, e.g. `?tab=security`. */
export const SETTINGS_TAB_PARAM = 'tab';

export const paths = {
  splash: route('/'),
  landing: route('/landing'),
  auth: {
    root: route('/auth'),
    login: {
      ...route('/auth/login'),
      /** The login screen that comes back to `path` afterwards (see afterLoginPath). */
      returningTo: (path: string) => `/auth/login?${new URLSearchParams({ [NEXT_PARAM]: path })}`,
    },
    createAccount: route('/auth/create-account'),
  },
  fan: {
    setup: route('/profile/fan-setup'),
    settings: route('/settings/fan'),
    /** Settings opened on the Security tab, where the fan verifies their phone for SMS alerts. */
    verifyPhone: { href: () => `/settings/fan?${SETTINGS_TAB_PARAM}=security` },
    onboardingLocation: route('/onboarding/location'),
    onboardingSpotify: route('/onboarding/spotify'),
    onboardingSpotifyCallback: route('/onboarding/spotify/callback'),
    dashboard: route('/dashboard'),
    discovery: route('/discovery'),
    /** A genre's artists; `href` takes the genre's slug (contract genreSlug: 'hip-hop', 'r-and-b'). */
    discoveryGenre: {
      path: '/discovery/genre/:genre',
      href: (slug: string) => `/discovery/genre/${encodeURIComponent(slug)}`,
    },
    alerts: route('/alerts'),
    social: route('/social'),
    watching: route('/watching'),
    showsAttending: route('/shows-attending'),
    showsAttended: route('/shows-attended'),
    recommended: route('/recommended'),
  },
  /** The fan's notification centre (the header bell links here). */
  notifications: route('/notifications'),
  /** The one-click email unsubscribe page (public: the token in `?token=` is the proof). */
  unsubscribe: route('/unsubscribe'),
  /** The link mailed to a new account address (public: the token in `#token=` is the proof). */
  confirmEmail: route('/account/confirm-email'),
  performer: {
    setup: route('/profile/performer-setup'),
    settings: route('/settings/performer'),
    /**
     * Settings opened on the Security tab, where the performer has the verification email sent
     * (the tour planner shows venues' booking contacts only once the email is verified).
     */
    verifyEmail: { href: () => `/settings/performer?${SETTINGS_TAB_PARAM}=security` },
    dashboard: route('/performer-dashboard'),
  },
  venue: {
    setup: route('/profile/venue-setup'),
    settings: route('/settings/venue'),
    dashboard: route('/venue-dashboard'),
  },
  /** Public pages: anyone, signed in or not. */
  show: routeWithId('/shows/:id'),
  /**
   * Upcoming shows near a city or ZIP (`?near=Boston, MA`), with its filters in the query string so
   * the page can be shared; without `near`, a search box.
   */
  cityShows: {
    path: '/shows',
    href: (near?: string) => (near ? `/shows?${new URLSearchParams({ near })}` : '/shows'),
  },
  artistPage: routeWithId('/artists/:id'),
  venuePage: routeWithId('/venues/:id'),
  /** A fan's profile, by username (fans only: Show Pals are between fans). */
  fanProfile: routeWithId('/fans/:id'),
  /** The performers' and venues' own shows: announce, edit, postpone, cancel, results. */
  manageShows: {
    list: route('/my-shows'),
    announce: route('/my-shows/new'),
    edit: routeWithId('/my-shows/:id/edit'),
  },
  /**
   * Not a page: the server's 'Purchase Ticket(s)' redirect, which counts the click for the show's
   * performer and venue and sends the fan on to the show's own ticket URL.
   */
  ticketLink: routeWithId('/go/ticket/:id'),
} as const;
