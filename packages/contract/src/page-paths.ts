/**
 * The URL of every page the web app renders (apps/web/src/app/route-table.tsx's rows, in React
 * Router's pattern syntax), for the server: a GET of any other path answers 404 with `noindex`
 * (the app still draws its not-found screen from it), so a made-up URL is not a page to crawlers.
 * `apps/web/src/app/spa-page-paths.test.ts` fails when the route table and this list differ.
 */
export const SPA_PAGE_PATHS = [
  '/',
  '/landing',
  '/auth',
  '/auth/login',
  '/auth/create-account',
  '/profile/fan-setup',
  '/profile/performer-setup',
  '/profile/venue-setup',
  '/onboarding/location',
  '/onboarding/spotify',
  '/onboarding/spotify/callback',
  '/dashboard',
  '/discovery',
  '/discovery/genre/:genre',
  '/alerts',
  '/social',
  '/fans/:id',
  '/watching',
  '/shows-attending',
  '/shows-attended',
  '/recommended',
  '/settings/fan',
  '/settings/performer',
  '/settings/venue',
  '/notifications',
  '/performer-dashboard',
  '/venue-dashboard',
  '/my-shows',
  '/my-shows/new',
  '/my-shows/:id/edit',
  '/shows',
  '/shows/:id',
  '/artists/:id',
  '/venues/:id',
  '/unsubscribe',
  '/account/confirm-email',
] as const;
