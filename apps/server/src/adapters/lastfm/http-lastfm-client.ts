import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import {
  type LastfmArtist,
  type LastfmClient,
  LastfmUnavailable,
  LastfmUserNotFound,
} from './lastfm-client.ts';

const TIMEOUT_MS = 10_000;
/** Last.fm's error code for a user method's unknown user ("User not found"). */
const USER_NOT_FOUND = 6;

export type HttpLastfmOptions = {
  apiKey: string;
  /** The method endpoint, e.g. https://ws.audioscrobbler.com/2.0/ */
  apiUrl: string;
};

/**
 * Last.fm's JSON is its XML converted: a list of one item may come as that item alone, and
 * numbers come as strings. An empty mbid means none.
 */
const listOf = <S extends z.ZodType>(item: S) =>
  z.union([z.array(item), item.transform((one) => [one])]).default([]);
const ZMbid = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim().toLowerCase() : null));
const ZArtist = z.object({ name: z.string().min(1), mbid: ZMbid });
const ZTopArtists = z.object({
  topartists: z.object({
    artist: listOf(ZArtist),
    '@attr': z.object({ user: z.string() }).optional(),
  }),
});
const ZLovedTracks = z.object({
  lovedtracks: z.object({ track: listOf(z.object({ artist: ZArtist })) }),
});
const ZError = z.object({ error: z.coerce.number(), message: z.string().optional() });

/**
 * Last.fm over HTTPS (or wherever LASTFM_API_URL points): GET with the method, the user, our
 * API key and format=json. Answers are parsed, never trusted. The URL carries the key and the
 * username, so it is never put in an error or a log line.
 */
export function createHttpLastfmClient({ apiKey, apiUrl }: HttpLastfmOptions): LastfmClient {
  async function call<S extends z.ZodType>(
    method: string,
    username: string,
    limit: number,
    schema: S,
  ): Promise<z.output<S>> {
    const url = new URL(apiUrl);
    url.search = new URLSearchParams({
      method,
      user: username,
      limit: String(limit),
      api_key: apiKey,
      format: 'json',
    }).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': 'Encore' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new LastfmUnavailable('no response');
    }
    const body: unknown = await response.json().catch(() => undefined);
    // Last.fm reports its errors in the body, with a 4xx or 5xx status (and, once, with 200).
    const refused = ZError.safeParse(body);
    if (refused.success) {
      if (refused.data.error === USER_NOT_FOUND) throw new LastfmUserNotFound();
      throw new LastfmUnavailable(`error ${refused.data.error}`);
    }
    if (!response.ok) {
      throw new LastfmUnavailable(`${response.status} ${STATUS_CODES[response.status] ?? ''}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new LastfmUnavailable('unexpected response');
    return parsed.data;
  }

  return {
    async topArtists(username, limit) {
      const { topartists } = await call('user.gettopartists', username, limit, ZTopArtists);
      return {
        username: topartists['@attr']?.user ?? username,
        artists: topartists.artist.slice(0, limit),
      };
    },
    async lovedTrackArtists(username, limit): Promise<LastfmArtist[]> {
      const { lovedtracks } = await call('user.getlovedtracks', username, limit, ZLovedTracks);
      return lovedtracks.track.slice(0, limit).map((t) => t.artist);
    },
  };
}
