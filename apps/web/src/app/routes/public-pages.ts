import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** Pages anyone may open, signed in (any role) or not; each its own chunk. */
export const PUBLIC_ROUTES: RouteObject[] = [
  {
    path: paths.show.path,
    lazy: async () => ({ Component: (await import('./public-screens')).ShowScreen }),
  },
  {
    path: paths.artistPage.path,
    lazy: async () => ({ Component: (await import('./public-screens')).ArtistScreen }),
  },
  {
    path: paths.venuePage.path,
    lazy: async () => ({ Component: (await import('./public-screens')).VenueScreen }),
  },
  // The link in alert emails: works signed out, the token is the proof.
  {
    path: paths.unsubscribe.path,
    lazy: async () => ({
      Component: (await import('@/features/unsubscribe/routes/unsubscribe-page'))
        .UnsubscribePageRoute,
    }),
  },
];
