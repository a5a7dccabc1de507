import type {
  TFanPublicProfile,
  TPalFan,
  TPalSuggestion,
  TShow,
  TShowPal,
  TSocialOverview,
} from '@encore/contract';
import { baseShow } from '@/testing/show-fixture';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

export const palFan = (overrides: Partial<TPalFan> = {}): TPalFan => ({
  id: 'fan-2',
  username: 'sam',
  name: 'Sam Rivera',
  photoUrl: null,
  city: 'Chicago',
  ...overrides,
});

export const showPal = (overrides: Partial<TShowPal> = {}): TShowPal => ({
  ...palFan(),
  sharedShows: 3,
  lastSharedShowAt: '2026-12-03T02:00:00.000Z',
  palsSince: '2026-11-01T12:00:00.000Z',
  ...overrides,
});

export const suggestion = (overrides: Partial<TPalSuggestion> = {}): TPalSuggestion => ({
  ...palFan({ id: 'fan-9', username: 'kim', name: 'Kim Park', city: 'Evanston' }),
  relation: 'none',
  canRequest: true,
  reason: '2 shows in common',
  sharedShows: 2,
  sharedArtists: 0,
  ...overrides,
});

/** A signed-in fan whose Show Pals lists are these. */
export function stubSocialFan(
  overview: Partial<TSocialOverview>,
  suggestions: TPalSuggestion[] = [],
  extra: Parameters<typeof stubApi>[0] = {},
) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/social': () => json({ pals: [], incoming: [], outgoing: [], ...overview }),
    'GET /api/social/suggestions': () => json({ suggestions }),
    'GET /api/social/blocks': () => json({ fans: [] }),
    'GET /api/social/invites': () => json({ invites: [] }),
    ...extra,
  });
}

/** A show on a fan's profile: Saturday 12 June 2027, 8:00 PM in Chicago. */
export const profileShow = (overrides: Partial<TShow> = {}): TShow =>
  baseShow({ ticketUrl: null, priceMin: null, priceMax: null, attendingCount: 2, ...overrides });

export const fanPublicProfile = (
  overrides: Partial<TFanPublicProfile> = {},
): TFanPublicProfile => ({
  fan: { ...palFan(), relation: 'none', canRequest: true },
  hiddenBecause: null,
  favoriteGenres: ['Jazz', 'Soul'],
  palsCount: 4,
  going: [profileShow()],
  attended: [],
  ...overrides,
});
