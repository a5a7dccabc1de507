import type { AppConfig } from '../../config.ts';
import { createHttpLastfmClient } from './http-lastfm-client.ts';

/** An artist as Last.fm lists it: its name, and its MusicBrainz id when Last.fm knows one. */
export type LastfmArtist = { name: string; mbid: string | null };

/**
 * Last.fm's public API, read by username (user.getTopArtists, user.getLovedTracks). Each call
 * rejects with LastfmUserNotFound when Last.fm knows no such user, and with LastfmUnavailable
 * for every other failure (no answer, an error status, Last.fm's own error codes, a malformed
 * answer).
 */
export interface LastfmClient {
  /** The user's all-time top artists, best first, and the username as Last.fm spells it. */
  topArtists(
    username: string,
    limit: number,
  ): Promise<{ username: string; artists: LastfmArtist[] }>;
  /** The artist of each of the user's most recently loved tracks, newest first. */
  lovedTrackArtists(username: string, limit: number): Promise<LastfmArtist[]>;
}

/** Last.fm's error 6 on a user method: no user of that name. */
export class LastfmUserNotFound extends Error {
  constructor() {
    super('Last.fm knows no such user');
    this.name = 'LastfmUserNotFound';
  }
}

/** Last.fm failed: `reason` is for the log (a status or Last.fm's error code, never the key). */
export class LastfmUnavailable extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`Last.fm failed: ${reason}`);
    this.name = 'LastfmUnavailable';
    this.reason = reason;
  }
}

/** The real client when LASTFM_API_KEY is set; without it the import says it is not configured. */
export function createLastfmClient(config: AppConfig): LastfmClient | undefined {
  const { apiKey, apiUrl } = config.lastfm;
  if (!apiKey) return undefined;
  return createHttpLastfmClient({ apiKey, apiUrl });
}
