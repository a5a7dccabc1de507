/**
 * Every URL of the app, declared once (spec "Route table"). Routes use `path`, links and redirects
 * use `href()`, so renaming a URL is a one-line change.
 */
const route = <P extends string>(path: P) => ({ path, href: () => path });

export const paths = {
  splash: route('/'),
  landing: route('/landing'),
  auth: {
    root: route('/auth'),
    login: route('/auth/login'),
    createAccount: route('/auth/create-account'),
  },
  fan: {
    setup: route('/profile/fan-setup'),
    settings: route('/settings/fan'),
    onboardingLocation: route('/onboarding/location'),
    onboardingSpotify: route('/onboarding/spotify'),
    onboardingSpotifyCallback: route('/onboarding/spotify/callback'),
    dashboard: route('/dashboard'),
    discovery: route('/discovery'),
    alerts: route('/alerts'),
    social: route('/social'),
    watching: route('/watching'),
    showsAttending: route('/shows-attending'),
    showsAttended: route('/shows-attended'),
    recommended: route('/recommended'),
  },
  performer: {
    setup: route('/profile/performer-setup'),
    settings: route('/settings/performer'),
    dashboard: route('/performer-dashboard'),
  },
  venue: {
    setup: route('/profile/venue-setup'),
    settings: route('/settings/venue'),
    dashboard: route('/venue-dashboard'),
  },
} as const;
