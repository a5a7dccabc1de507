import type { AppConfig } from '../../config.ts';
import { createHttpSpotifyClient } from './http-spotify-client.ts';

/** What the token endpoint grants. `refreshToken` is absent when Spotify keeps the old one. */
export type SpotifyGrant = {
  accessToken: string;
  refreshToken: string | undefined;
  expiresInSeconds: number;
  scope: string;
};

export type SpotifyProfile = { id: string; displayName: string | null };

/** An artist as the Web API lists it (simplified artists of tracks carry no genres or images). */
export type SpotifyArtistItem = {
  id: string;
  name: string;
  genres: string[];
  imageUrl: string | null;
};

/**
 * Spotify's accounts service and Web API: the authorisation-code flow and the calls Encore makes
 * for a fan. Every method with an access token rejects with SpotifyApiError (401 = the token does
 * not work); the token methods reject with SpotifyGrantError when Spotify refuses the grant.
 */
export interface SpotifyClient {
  /** The browser's redirect: client id, response type code, the scopes, state, show_dialog. */
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<SpotifyGrant>;
  refresh(refreshToken: string): Promise<SpotifyGrant>;
  me(accessToken: string): Promise<SpotifyProfile>;
  topArtists(accessToken: string, limit: number): Promise<SpotifyArtistItem[]>;
  /** The artists of each of the fan's most recently saved tracks. */
  savedTrackArtists(accessToken: string, limit: number): Promise<SpotifyArtistItem[][]>;
  /** The artists the fan follows, page after page, at most `max`. */
  followedArtists(accessToken: string, max: number): Promise<SpotifyArtistItem[]>;
}

/** Spotify answered a Web API call with a non-OK status (or not at all: status 0). */
export class SpotifyApiError extends Error {
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, statusText: string) {
    super(`Spotify answered ${status} ${statusText}`);
    this.name = 'SpotifyApiError';
    this.status = status;
    this.statusText = statusText;
  }
}

/**
 * The token endpoint refused: `error` is OAuth's code ('invalid_grant' for a used or revoked
 * code or refresh token), `description` Spotify's words. Status 0: no answer at all.
 */
export class SpotifyGrantError extends Error {
  readonly status: number;
  readonly error: string;
  readonly description: string | undefined;

  constructor(status: number, error: string, description?: string) {
    super(
      `Spotify token endpoint answered ${status}: ${error}${description ? ` (${description})` : ''}`,
    );
    this.name = 'SpotifyGrantError';
    this.status = status;
    this.error = error;
    this.description = description;
  }
}

/**
 * The real client when SPOTIFY_CLIENT_ID is set. Spotify has no local stand-in that could grant a
 * fan's library, so without configuration there is none: the connect step says so and Skip works.
 */
export function createSpotifyClient(config: AppConfig): SpotifyClient | undefined {
  const { clientId, clientSecret, accountsUrl, apiUrl } = config.spotify;
  if (!clientId || !clientSecret) return undefined;
  return createHttpSpotifyClient({ clientId, clientSecret, accountsUrl, apiUrl });
}
