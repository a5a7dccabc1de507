import { STATUS_CODES } from 'node:http';
import { SPOTIFY_SCOPES } from '@encore/contract';
import { z } from 'zod';
import {
  SpotifyApiError,
  type SpotifyArtistItem,
  type SpotifyClient,
  type SpotifyGrant,
  SpotifyGrantError,
} from './spotify-client.ts';

const TIMEOUT_MS = 10_000;
/** The Web API's largest page. */
const PAGE = 50;

export type HttpSpotifyOptions = {
  clientId: string;
  clientSecret: string;
  /** e.g. https://accounts.spotify.com (no trailing slash) */
  accountsUrl: string;
  /** e.g. https://api.spotify.com/v1 (no trailing slash) */
  apiUrl: string;
};

const ZGrant = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().int().positive(),
  scope: z.string().default(''),
});
const ZGrantError = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
const ZArtist = z.object({
  id: z.string(),
  name: z.string(),
  genres: z.array(z.string()).optional(),
  images: z.array(z.object({ url: z.string() })).optional(),
});
const ZMe = z.object({ id: z.string(), display_name: z.string().nullish() });
const ZTopArtists = z.object({ items: z.array(ZArtist) });
const ZSavedTracks = z.object({
  items: z.array(z.object({ track: z.object({ artists: z.array(ZArtist) }).nullable() })),
});
const ZFollowed = z.object({
  artists: z.object({
    items: z.array(ZArtist),
    cursors: z.object({ after: z.string().nullish() }).nullish(),
  }),
});

const toItem = (a: z.infer<typeof ZArtist>): SpotifyArtistItem => ({
  id: a.id,
  name: a.name,
  genres: a.genres ?? [],
  imageUrl: a.images?.[0]?.url ?? null,
});

/**
 * Spotify over HTTPS (or whatever SPOTIFY_ACCOUNTS_URL and SPOTIFY_API_URL name): the token
 * endpoint with the client's credentials in HTTP basic auth, the Web API with the fan's bearer
 * token. Answers are parsed, never trusted: a malformed one is a SpotifyApiError like any other.
 */
export function createHttpSpotifyClient(options: HttpSpotifyOptions): SpotifyClient {
  const { clientId, clientSecret, accountsUrl, apiUrl } = options;
  const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');

  async function token(form: Record<string, string>): Promise<SpotifyGrant> {
    let response: Response;
    try {
      response = await fetch(`${accountsUrl}/api/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new SpotifyGrantError(0, 'no_response');
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const refused = ZGrantError.safeParse(body);
      throw refused.success
        ? new SpotifyGrantError(response.status, refused.data.error, refused.data.error_description)
        : new SpotifyGrantError(response.status, statusText(response));
    }
    const grant = ZGrant.safeParse(body);
    if (!grant.success) throw new SpotifyGrantError(response.status, 'invalid_response');
    return {
      accessToken: grant.data.access_token,
      refreshToken: grant.data.refresh_token,
      expiresInSeconds: grant.data.expires_in,
      scope: grant.data.scope,
    };
  }

  async function get<S extends z.ZodType>(
    path: string,
    accessToken: string,
    schema: S,
  ): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new SpotifyApiError(0, 'No response');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SpotifyApiError(response.status, statusText(response));
    }
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new SpotifyApiError(response.status, 'Unexpected response');
    return parsed.data;
  }

  return {
    authorizeUrl(state, redirectUri) {
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: SPOTIFY_SCOPES.join(' '),
        state,
        show_dialog: 'true',
      });
      return `${accountsUrl}/authorize?${query}`;
    },

    exchangeCode: (code, redirectUri) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),

    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),

    async me(accessToken) {
      const me = await get('/me', accessToken, ZMe);
      return { id: me.id, displayName: me.display_name ?? null };
    },

    async topArtists(accessToken, limit) {
      const top = await get(`/me/top/artists?limit=${limit}`, accessToken, ZTopArtists);
      return top.items.map(toItem);
    },

    async savedTrackArtists(accessToken, limit) {
      const saved = await get(`/me/tracks?limit=${limit}`, accessToken, ZSavedTracks);
      return saved.items.flatMap((item) => (item.track ? [item.track.artists.map(toItem)] : []));
    },

    async followedArtists(accessToken, max) {
      const artists: SpotifyArtistItem[] = [];
      let after: string | null | undefined;
      do {
        const query = new URLSearchParams({ type: 'artist', limit: String(PAGE) });
        if (after) query.set('after', after);
        const page = await get(`/me/following?${query}`, accessToken, ZFollowed);
        artists.push(...page.artists.items.map(toItem));
        after = page.artists.items.length === PAGE ? page.artists.cursors?.after : undefined;
      } while (after && artists.length < max);
      return artists.slice(0, max);
    },
  };
}

/** The reason phrase, or the standard one for the status (HTTP/2 answers carry none). */
function statusText(response: Response): string {
  return response.statusText || STATUS_CODES[response.status] || String(response.status);
}
