import type { TArtistAlert } from '@encore/contract';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

export const watchedAlert = (overrides: Partial<TArtistAlert> = {}): TArtistAlert => ({
  performerId: 'artist-1',
  performerName: 'Night Static',
  genres: ['Rock', 'Indie'],
  photoUrl: null,
  channels: ['push', 'email'],
  // Midday UTC: the same calendar day in every time zone the tests may run in.
  createdAt: '2026-11-01T12:00:00.000Z',
  ...overrides,
});

/** A signed-in fan with a complete profile, watching `alerts`. */
export function stubWatchingFan(alerts: TArtistAlert[], extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/alerts/watching': () => json({ alerts }),
    ...extra,
  });
}
