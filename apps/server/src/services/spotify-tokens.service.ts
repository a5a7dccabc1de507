import { STATUS_CODES } from 'node:http';
import { SPOTIFY_MESSAGES, SPOTIFY_TOKEN_EXPIRY_MARGIN_MS } from '@encore/contract';
import {
  SpotifyApiError,
  type SpotifyClient,
  SpotifyGrantError,
} from '../adapters/spotify/spotify-client.ts';
import { AppError } from '../http/app-error.ts';
import type { SpotifyTokenCipher } from '../lib/spotify-token-cipher.ts';
import type { SpotifyRepo, StoredSpotifyConnection } from '../repositories/spotify.repo.ts';

export const spotifyErrors = {
  notConfigured: () => new AppError('UNAVAILABLE', SPOTIFY_MESSAGES.notConfigured),
  notConnected: () => new AppError('SPOTIFY_NOT_CONNECTED', SPOTIFY_MESSAGES.notConnected),
  reconnect: () => new AppError('SPOTIFY_RECONNECT_REQUIRED', SPOTIFY_MESSAGES.reconnect),
  api: (statusText: string) =>
    new AppError('SPOTIFY_API_ERROR', SPOTIFY_MESSAGES.apiError(statusText)),
};

/** Spotify's failure as the API's error: 'Spotify API error: {status text}'. */
export function spotifyApiFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof SpotifyApiError) return spotifyErrors.api(error.statusText);
  if (error instanceof SpotifyGrantError) {
    return spotifyErrors.api(
      error.status === 0 ? 'No response' : (STATUS_CODES[error.status] ?? String(error.status)),
    );
  }
  throw error;
}

const RECONNECT = Symbol('reconnect');

/**
 * The fan's access token for a Web API call, kept working: refreshed when it expires within the
 * spec's 5-minute margin, and once more when Spotify answers 401 anyway (revoked early, or our
 * clock is off). Only when the refresh token itself is refused, or a fresh token still gets a 401,
 * is the grant dead: the connection is deleted and the fan asked to reconnect.
 */
export function createSpotifyTokens(
  repo: SpotifyRepo,
  client: SpotifyClient,
  cipher: SpotifyTokenCipher,
  now: () => Date = () => new Date(),
) {
  const expiresSoon = (row: StoredSpotifyConnection) =>
    row.expiresAt.getTime() - now().getTime() <= SPOTIFY_TOKEN_EXPIRY_MARGIN_MS;

  function open(row: StoredSpotifyConnection) {
    const accessToken = cipher.decrypt(row.accessToken, row.userId, 'access');
    const refreshToken = cipher.decrypt(row.refreshToken, row.userId, 'refresh');
    // Sealed under another secret (BETTER_AUTH_SECRET changed): as good as no grant.
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  }

  /** A working access token instead of `rejected`, refreshing under the row's lock. */
  async function refresh(userId: string, rejected: string): Promise<string> {
    const result = await repo.lockedRefresh<string | typeof RECONNECT>(userId, async (row) => {
      const tokens = open(row);
      if (!tokens) return { write: 'delete' as const, result: RECONNECT };
      // Another request refreshed while we waited for the lock: use its token.
      if (tokens.accessToken !== rejected && !expiresSoon(row)) {
        return { write: 'keep' as const, result: tokens.accessToken };
      }
      try {
        const grant = await client.refresh(tokens.refreshToken);
        const write = {
          accessToken: cipher.encrypt(grant.accessToken, userId, 'access'),
          // Spotify may hand out a new refresh token; otherwise the old one stays valid.
          refreshToken: cipher.encrypt(
            grant.refreshToken ?? tokens.refreshToken,
            userId,
            'refresh',
          ),
          expiresAt: new Date(now().getTime() + grant.expiresInSeconds * 1000),
          scope: grant.scope || row.scope,
        };
        return { write, result: grant.accessToken };
      } catch (error) {
        // invalid_grant: the refresh token was revoked or expired. Other refusals (a wrong
        // client secret, Spotify down) are ours or passing, and must not cost the fan the grant.
        if (error instanceof SpotifyGrantError && error.error === 'invalid_grant') {
          return { write: 'delete' as const, result: RECONNECT };
        }
        throw spotifyApiFailure(error);
      }
    });
    if (result === null) throw spotifyErrors.notConnected();
    if (result === RECONNECT) throw spotifyErrors.reconnect();
    return result;
  }

  const unauthorized = (error: unknown) => error instanceof SpotifyApiError && error.status === 401;

  return {
    async withAccessToken<T>(
      userId: string,
      call: (accessToken: string) => Promise<T>,
    ): Promise<T> {
      const row = await repo.find(userId);
      if (!row) throw spotifyErrors.notConnected();
      const tokens = open(row);
      if (!tokens) {
        await repo.remove(userId);
        throw spotifyErrors.reconnect();
      }
      let token = tokens.accessToken;
      if (expiresSoon(row)) token = await refresh(userId, token);
      try {
        return await call(token);
      } catch (error) {
        if (!unauthorized(error)) throw spotifyApiFailure(error);
      }
      const fresh = await refresh(userId, token);
      try {
        return await call(fresh);
      } catch (error) {
        if (!unauthorized(error)) throw spotifyApiFailure(error);
        await repo.remove(userId);
        throw spotifyErrors.reconnect();
      }
    },
  };
}

export type SpotifyTokens = ReturnType<typeof createSpotifyTokens>;
