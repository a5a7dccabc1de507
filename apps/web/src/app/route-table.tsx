import type { TRole, TSessionUser } from '@encore/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import { fanUrls } from '@/api/fan';
import { unreadCountUrl } from '@/api/notification-keys';
import { paths } from '@/config/paths';

/**
 * Every page of the app, one row each (spec "Route table"): its URL (from config/paths, which
 * links and redirects use), who may see it, its title and frame, the screen (a lazy import, so
 * each page or group of pages is its own chunk), and the queries that screen reads first.
 * router.tsx builds the routes from these rows and the guards read them: adding a page means a
 * row here, its URL in paths.ts, and the feature's screen.
 */

type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** Starts one query (`QueryClient.prefetchQuery`'s signature: the features' query options). */
export type PrefetchQuery = QueryClient['prefetchQuery'];

interface PageBase {
  path: string;
  /**
   * What the screen asks the server for first, fetched while its chunk downloads. Only queries
   * that stay fresh for a while belong here: the fan's lists (staleTime 0, refetched on every
   * open) would be fetched twice, once here and once when the screen mounts. `search` is the URL's
   * query string (the venue dashboard's ?period=). The query options come through a dynamic
   * `import()` of their module: a static import here would put every feature's fetchers and
   * response schemas into the entry, which every first visit downloads (apps/web/README.md,
   * "Lazy pages").
   */
  prefetch?: (load: PrefetchQuery, params: Params, search: URLSearchParams) => unknown;
  /**
   * GETs the screen makes as it opens (its URLs, from zod-free modules), started at once rather
   * than after its chunk has arrived and run: the screen's fetchers take the answers over
   * (lib/early-requests.ts). Where `prefetch` cannot help — the fan's lists, fetched on every
   * open — this still starts the request early, and only once.
   */
  early?: readonly string[];
}

/** Anyone, signed in or not; `frame: 'public'` puts it in the public header (shows, artists…). */
export interface PublicPage extends PageBase {
  access: 'public';
  frame?: 'public';
  screen: LazyScreen;
}

/** Login, sign-up and the splash at /: a signed-in user is sent home (GuestOnly). */
export interface GuestOnlyPage extends PageBase {
  access: 'guest-only';
  screen: LazyScreen;
  /**
   * Show the page while the session is still being read (the splash: its 2500 ms start with the
   * page, not after a request), rather than a spinner (the forms: no flash before a redirect).
   */
  whileChecking?: 'page';
}

/** A signed-in page in the app frame, for its roles only (RequireUser). */
export interface SignedInPage extends PageBase {
  access: 'signed-in';
  role: TRole;
  /** Further roles allowed in (the performers' and venues' shared Shows pages). */
  alsoFor?: readonly TRole[];
  title: string;
  /** Setup screens send signed-out visitors to /auth instead of /landing (spec "Route table"). */
  kind: 'setup' | 'page';
  fanNav: boolean;
  /** The performers' and venues' navigation (Dashboard, My Shows), for those roles. */
  bookerNav?: boolean;
  /** Every page has its own screen: there is no stand-in for a page not built. */
  screen: LazyScreen;
}

/** What every signed-in page asks for as it opens, whichever page it is: the header bell's count. */
export const SIGNED_IN_FRAME_EARLY: readonly string[] = [unreadCountUrl];

/** A URL that only forwards to another. */
export interface RedirectRow {
  access: 'redirect';
  path: string;
  to: string;
}

export type RouteRow = PublicPage | GuestOnlyPage | SignedInPage | RedirectRow;

/** Whether RequireUser lets `user` into `page`; the loaders ask the same before prefetching. */
export function mayVisit(page: SignedInPage, user: Pick<TSessionUser, 'role'>): boolean {
  return user.role === page.role || (page.alsoFor?.includes(user.role) ?? false);
}

/** `Component` of the module `load` imports, by export name (type-checked: no required props). */
function screen<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyScreen {
  return async () => ({ Component: (await load())[name] });
}

/** What a page row says beyond its path and title: at least its screen. */
type PageRest = Partial<SignedInPage> & Pick<SignedInPage, 'screen'>;

const fanPage = (path: string, title: string, rest: PageRest): SignedInPage => ({
  access: 'signed-in',
  path,
  role: 'fan',
  title,
  kind: 'page',
  fanNav: true,
  ...rest,
});

/**
 * A page of one role without the fan navigation (setup, dashboards, settings); a performer's or
 * venue's page other than setup (a linear flow) has their navigation.
 */
const rolePage = (role: TRole, path: string, title: string, rest: PageRest) =>
  fanPage(path, title, {
    role,
    fanNav: false,
    bookerNav: role !== 'fan' && rest.kind !== 'setup',
    ...rest,
  });

const performerAndVenuePage = (path: string, title: string, rest: PageRest) =>
  rolePage('performer', path, title, { alsoFor: ['venue'], ...rest });

const idParam = (params: Params) => params.id ?? '';

export const ROUTE_TABLE: readonly RouteRow[] = [
  // Guest-only: the splash leads on to the role choice, which a signed-in user has made, so they
  // go straight home instead (GuestOnly sends them where login would).
  {
    access: 'guest-only',
    whileChecking: 'page',
    path: paths.splash.path,
    screen: screen(() => import('@/features/onboarding/routes/splash'), 'SplashRoute'),
  },
  {
    access: 'public',
    path: paths.landing.path,
    screen: screen(() => import('./routes/landing'), 'Landing'),
  },
  // The spec leaves /auth's target open; the login screen is the useful answer.
  { access: 'redirect', path: paths.auth.root.path, to: paths.auth.login.href() },
  {
    access: 'guest-only',
    path: paths.auth.login.path,
    screen: screen(() => import('@/features/auth/routes/login'), 'LoginRoute'),
  },
  {
    access: 'guest-only',
    path: paths.auth.createAccount.path,
    screen: screen(() => import('@/features/auth/routes/create-account'), 'CreateAccountRoute'),
  },

  // Fan pages. Onboarding steps are a linear flow before the app proper: no bottom navigation.
  rolePage('fan', paths.fan.setup.path, 'Complete Your Profile', {
    kind: 'setup',
    screen: screen(() => import('./routes/setup-screens'), 'FanSetupScreen'),
    prefetch: (load) => import('@/api/profile').then((m) => load(m.profileQueryOptions('fan'))),
  }),
  rolePage('fan', paths.fan.onboardingLocation.path, 'Enable Location', {
    screen: screen(() => import('@/features/location/routes/location-step'), 'LocationStepRoute'),
  }),
  rolePage('fan', paths.fan.onboardingSpotify.path, 'Connect Spotify', {
    screen: screen(() => import('./routes/music-step-screen'), 'MusicStepScreen'),
    prefetch: (load) => import('@/api/spotify').then((m) => load(m.spotifyConnectionQueryOptions)),
  }),
  rolePage('fan', paths.fan.onboardingSpotifyCallback.path, 'Connecting Spotify', {
    screen: screen(
      () => import('@/features/spotify/routes/spotify-callback'),
      'SpotifyCallbackRoute',
    ),
  }),
  fanPage(paths.fan.dashboard.path, 'Dashboard', {
    screen: screen(() => import('./routes/fan-dashboard-screen'), 'FanDashboardScreen'),
    early: [fanUrls.home, fanUrls.finishSetup],
    prefetch: (load) =>
      import('@/features/location/api/get-finish-setup').then((m) =>
        load(m.finishSetupQueryOptions),
      ),
  }),
  fanPage(paths.fan.discovery.path, 'Discover Artists', {
    screen: screen(() => import('./routes/discovery-pages'), 'DiscoveryScreen'),
    prefetch: (load) => import('@/api/spotify').then((m) => load(m.spotifyConnectionQueryOptions)),
  }),
  // No prefetch: the genre's pages are an infinite query, read when the screen mounts.
  fanPage(paths.fan.discoveryGenre.path, 'Browse by genre', {
    screen: screen(() => import('./routes/discovery-pages'), 'GenreScreen'),
  }),
  fanPage(paths.fan.alerts.path, 'Your Alerts', {
    screen: screen(() => import('./routes/fan-shows-pages'), 'AlertsScreen'),
  }),
  fanPage(paths.fan.social.path, 'Show Pals', {
    screen: screen(() => import('@/features/show-pals/routes/social-page'), 'SocialPageRoute'),
  }),
  fanPage(paths.fanProfile.path, 'Fan profile', {
    screen: screen(
      () => import('@/features/show-pals/routes/fan-profile-page'),
      'FanProfilePageRoute',
    ),
  }),
  fanPage(paths.fan.watching.path, 'Watching', {
    screen: screen(() => import('./routes/watching-pages'), 'WatchingScreen'),
    prefetch: (load) =>
      import('@/features/watching/api/get-watching').then((m) => load(m.watchingQueryOptions)),
  }),
  fanPage(paths.fan.showsAttending.path, 'Shows Attending', {
    screen: screen(() => import('./routes/fan-shows-pages'), 'ShowsAttendingScreen'),
    prefetch: (load) =>
      import('@/features/calendar-feed/api/get-calendar-feed').then((m) =>
        load(m.calendarFeedQueryOptions),
      ),
  }),
  fanPage(paths.fan.showsAttended.path, 'Shows Attended', {
    screen: screen(() => import('./routes/fan-shows-pages'), 'ShowsAttendedScreen'),
  }),
  fanPage(paths.fan.recommended.path, 'Recommended', {
    screen: screen(() => import('./routes/discovery-pages'), 'RecommendedScreen'),
    prefetch: (load) =>
      import('@/features/discovery/api/get-recommended').then((m) =>
        load(m.recommendedQueryOptions),
      ),
  }),
  fanPage(paths.fan.settings.path, 'Settings', {
    screen: screen(() => import('./routes/fan-settings-screen'), 'FanSettingsScreen'),
    // The Profile tab opens first; the other tabs fetch when chosen.
    prefetch: (load) => import('@/api/profile').then((m) => load(m.profileQueryOptions('fan'))),
  }),
  // Everyone's centre: fans' alerts, performers' and venues' show notices.
  fanPage(paths.notifications.path, 'Notifications', {
    alsoFor: ['performer', 'venue'],
    bookerNav: true,
    screen: screen(() => import('./routes/notifications-screen'), 'NotificationsScreen'),
  }),

  // Performer and venue pages.
  rolePage('performer', paths.performer.setup.path, 'Complete Your Artist Profile', {
    kind: 'setup',
    screen: screen(() => import('./routes/setup-screens'), 'PerformerSetupScreen'),
    prefetch: (load) =>
      import('@/api/profile').then((m) => load(m.profileQueryOptions('performer'))),
  }),
  rolePage('performer', paths.performer.dashboard.path, 'Performer Dashboard', {
    screen: screen(() => import('./routes/performer-dashboard-screen'), 'PerformerDashboardScreen'),
    prefetch: (load) =>
      import('@/features/performer-dashboard/api/get-performer-dashboard').then((m) =>
        load(m.performerDashboardQueryOptions()),
      ),
  }),
  rolePage('performer', paths.performer.settings.path, 'Settings', {
    screen: screen(() => import('./routes/performer-settings-screen'), 'PerformerSettingsScreen'),
    prefetch: (load) =>
      import('@/api/profile').then((m) => load(m.profileQueryOptions('performer'))),
  }),
  rolePage('venue', paths.venue.setup.path, 'Complete Your Venue Profile', {
    kind: 'setup',
    screen: screen(() => import('./routes/setup-screens'), 'VenueSetupScreen'),
    prefetch: (load) => import('@/api/profile').then((m) => load(m.profileQueryOptions('venue'))),
  }),
  rolePage('venue', paths.venue.dashboard.path, 'Venue Dashboard', {
    screen: screen(() => import('./routes/venue-dashboard-screen'), 'VenueDashboardScreen'),
    prefetch: async (load, _params, search) => {
      const [dashboard, period] = await Promise.all([
        import('@/features/venue-dashboard/api/get-venue-dashboard'),
        import('@/features/venue-dashboard/utils/period'),
      ]);
      return load(dashboard.venueDashboardQueryOptions(period.periodFromSearch(search)));
    },
  }),
  rolePage('venue', paths.venue.settings.path, 'Settings', {
    screen: screen(() => import('@/features/settings/routes/venue-settings'), 'VenueSettingsRoute'),
    prefetch: (load) => import('@/api/profile').then((m) => load(m.profileQueryOptions('venue'))),
  }),
  performerAndVenuePage(paths.manageShows.list.path, 'Your Shows', {
    screen: screen(() => import('./routes/manage-shows-pages'), 'MyShowsScreen'),
    prefetch: async (load) => {
      const [shows, requests] = await Promise.all([
        import('@/features/manage-shows/api/get-my-shows'),
        import('@/api/booking-requests'),
      ]);
      return Promise.all([
        load(shows.myShowsQueryOptions()),
        load(requests.bookingRequestsQueryOptions()),
      ]);
    },
  }),
  performerAndVenuePage(paths.manageShows.announce.path, 'Announce a Show', {
    screen: screen(() => import('./routes/manage-shows-pages'), 'AnnounceShowScreen'),
  }),
  performerAndVenuePage(paths.manageShows.edit.path, 'Edit Show', {
    screen: screen(() => import('./routes/manage-shows-pages'), 'EditShowScreen'),
    prefetch: (load) =>
      import('@/features/manage-shows/api/get-my-shows').then((m) => load(m.myShowsQueryOptions())),
  }),

  // Outside the role guards, in the public frame: shows, artists and venues are for everyone.
  {
    access: 'public',
    frame: 'public',
    path: paths.cityShows.path,
    screen: screen(() => import('./routes/public-screens'), 'CityShowsScreen'),
    prefetch: (load, _params, search) =>
      Promise.all([
        import('@/features/city-shows/api/get-city-shows'),
        import('@/features/city-shows/utils/city-search'),
      ]).then(([api, url]) => {
        const params = url.cityParams(search);
        if (params.near) load(api.cityShowsQueryOptions(params));
      }),
  },
  {
    access: 'public',
    frame: 'public',
    path: paths.show.path,
    screen: screen(() => import('./routes/public-screens'), 'ShowScreen'),
    prefetch: (load, params) =>
      import('@/api/shows').then((m) => load(m.showQueryOptions(idParam(params)))),
  },
  {
    access: 'public',
    frame: 'public',
    path: paths.artistPage.path,
    screen: screen(() => import('./routes/public-screens'), 'ArtistScreen'),
    prefetch: (load, params) =>
      import('@/features/shows-public/api/get-artist').then((m) =>
        load(m.artistQueryOptions(idParam(params))),
      ),
  },
  {
    access: 'public',
    frame: 'public',
    path: paths.venuePage.path,
    screen: screen(() => import('./routes/public-screens'), 'VenueScreen'),
    prefetch: (load, params) =>
      import('@/features/shows-public/api/get-venue').then((m) =>
        load(m.venueQueryOptions(idParam(params))),
      ),
  },
  // The link in alert emails: works signed out, the token is the proof.
  {
    access: 'public',
    frame: 'public',
    path: paths.unsubscribe.path,
    screen: screen(
      () => import('@/features/unsubscribe/routes/unsubscribe-page'),
      'UnsubscribePageRoute',
    ),
  },
  // The link mailed to a new account address: works signed out, on any device.
  {
    access: 'public',
    frame: 'public',
    path: paths.confirmEmail.path,
    screen: screen(
      () => import('@/features/confirm-email/routes/confirm-email-page'),
      'ConfirmEmailPageRoute',
    ),
  },
  {
    access: 'public',
    path: '*',
    screen: screen(() => import('@/features/not-found/routes/not-found'), 'NotFoundRoute'),
  },
];
