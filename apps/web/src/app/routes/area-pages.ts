import type { TRole } from '@encore/contract';
import { paths } from '@/config/paths';

/**
 * The signed-in pages, one row each: whose page it is (role guard), what it is called, and
 * whether it shows the fan bottom navigation. Setup screens send signed-out visitors to /auth
 * instead of /landing (spec "Route table"). Later issues replace the placeholder bodies.
 */
export interface AreaPage {
  path: string;
  role: TRole;
  /** Further roles allowed in (the performers' and venues' shared Shows pages). */
  alsoFor?: readonly TRole[];
  title: string;
  kind: 'setup' | 'page';
  fanNav: boolean;
}

const performerAndVenue = (path: string, title: string): AreaPage => ({
  path,
  role: 'performer',
  alsoFor: ['venue'],
  title,
  kind: 'page',
  fanNav: false,
});

const fan = (path: string, title: string, fanNav = true): AreaPage => ({
  path,
  role: 'fan',
  title,
  kind: 'page',
  fanNav,
});

export const AREA_PAGES: readonly AreaPage[] = [
  {
    path: paths.fan.setup.path,
    role: 'fan',
    title: 'Complete Your Profile',
    kind: 'setup',
    fanNav: false,
  },
  // Onboarding steps are a linear flow before the app proper, so no bottom navigation there.
  fan(paths.fan.onboardingLocation.path, 'Enable Location', false),
  fan(paths.fan.onboardingSpotify.path, 'Connect Spotify', false),
  fan(paths.fan.onboardingSpotifyCallback.path, 'Connecting Spotify', false),
  fan(paths.fan.dashboard.path, 'Dashboard'),
  fan(paths.fan.discovery.path, 'Discover Artists'),
  fan(paths.fan.alerts.path, 'Your Alerts'),
  fan(paths.fan.social.path, 'Show Pals'),
  fan(paths.fan.watching.path, 'Watching'),
  fan(paths.fan.showsAttending.path, 'Shows Attending'),
  fan(paths.fan.showsAttended.path, 'Shows Attended'),
  fan(paths.fan.recommended.path, 'Recommended'),
  fan(paths.fan.settings.path, 'Settings'),
  // Everyone's centre: fans' alerts, performers' and venues' show notices.
  { ...fan(paths.notifications.path, 'Notifications'), alsoFor: ['performer', 'venue'] },
  {
    path: paths.performer.setup.path,
    role: 'performer',
    title: 'Complete Your Artist Profile',
    kind: 'setup',
    fanNav: false,
  },
  {
    path: paths.performer.dashboard.path,
    role: 'performer',
    title: 'Performer Dashboard',
    kind: 'page',
    fanNav: false,
  },
  {
    path: paths.performer.settings.path,
    role: 'performer',
    title: 'Settings',
    kind: 'page',
    fanNav: false,
  },
  {
    path: paths.venue.setup.path,
    role: 'venue',
    title: 'Complete Your Venue Profile',
    kind: 'setup',
    fanNav: false,
  },
  {
    path: paths.venue.dashboard.path,
    role: 'venue',
    title: 'Venue Dashboard',
    kind: 'page',
    fanNav: false,
  },
  {
    path: paths.venue.settings.path,
    role: 'venue',
    title: 'Settings',
    kind: 'page',
    fanNav: false,
  },
  performerAndVenue(paths.manageShows.list.path, 'Your Shows'),
  performerAndVenue(paths.manageShows.announce.path, 'Announce a Show'),
  performerAndVenue(paths.manageShows.edit.path, 'Edit Show'),
];
