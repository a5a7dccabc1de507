import type { TSpotifyConnectionStatus } from '@encore/contract';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

export const notConnected: TSpotifyConnectionStatus = { configured: true, connection: null };
export const connectedStatus: TSpotifyConnectionStatus = {
  configured: true,
  connection: {
    displayName: 'Riley',
    spotifyUserId: 'riley',
    connectedAt: '2026-03-01T10:00:00.000Z',
  },
};

/** A signed-in fan; Spotify configured and not connected unless `extra` says otherwise. */
export function stubSpotifyFan(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/spotify/connection': () => json(notConnected),
    ...extra,
  });
}
