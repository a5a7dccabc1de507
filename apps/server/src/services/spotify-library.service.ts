import {
  SPOTIFY_IMPORT_FOLLOWED_MAX,
  SPOTIFY_IMPORT_TOP_LIMIT,
  SPOTIFY_MESSAGES,
  SPOTIFY_SAVED_TRACKS_LIMIT,
  SPOTIFY_TOP_ARTISTS_LIMIT,
  type TSpotifyArtists,
  type TSpotifyImportCandidates,
  type TSpotifyImportRequest,
  type TSpotifyImportResult,
} from '@encore/contract';
import type { SpotifyArtistItem, SpotifyClient } from '../adapters/spotify/spotify-client.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { matchSpotifyArtists, normaliseArtistName } from '../domain/spotify-artist-match.ts';
import type { AlertRepo } from '../repositories/alert.repo.ts';
import type { SpotifyMatchRepo } from '../repositories/spotify-match.repo.ts';
import { watchImportedArtists } from './artist-import.service.ts';
import { fanOnly } from './fan-pages.service.ts';
import { type SpotifyTokens, spotifyErrors } from './spotify-tokens.service.ts';

const unique = (artists: SpotifyArtistItem[]) => [
  ...new Map(artists.map((a) => [a.id, a])).values(),
];

/**
 * What Encore reads from a connected fan's Spotify (spec section 7) for Discovery: the top
 * artists, the artists of the saved tracks matching a search, and the followed and top artists
 * to import as alerts. Each Spotify artist comes with the Encore artist it certainly is.
 */
export function createSpotifyLibrary(deps: {
  client: SpotifyClient | undefined;
  tokens: SpotifyTokens | undefined;
  matches: SpotifyMatchRepo;
  alerts: AlertRepo;
}) {
  const { matches, alerts } = deps;
  function withSpotify<T>(
    fanId: string,
    call: (client: SpotifyClient, token: string) => Promise<T>,
  ) {
    const { client, tokens } = deps;
    if (!client || !tokens) throw spotifyErrors.notConfigured();
    return tokens.withAccessToken(fanId, (token) => call(client, token));
  }

  /** The Encore artist of each Spotify artist (by id), and their cards. */
  async function onEncore(fanId: string, artists: SpotifyArtistItem[]) {
    const candidates = await matches.candidates(
      artists.map((a) => a.id),
      [...new Set(artists.map((a) => normaliseArtistName(a.name)))],
    );
    const matched = matchSpotifyArtists(artists, candidates);
    const ids = [...new Set([...matched.values()].map((m) => m.performerId))];
    const cards = new Map((await matches.cards(fanId, ids)).map((c) => [c.id, c]));
    return (spotifyId: string) => {
      const match = matched.get(spotifyId);
      return (match && cards.get(match.performerId)) ?? null;
    };
  }

  async function annotated(fanId: string, artists: SpotifyArtistItem[]): Promise<TSpotifyArtists> {
    const encoreArtist = await onEncore(fanId, artists);
    return {
      artists: artists.map((a) => ({
        spotifyId: a.id,
        name: a.name,
        genre: a.genres[0] ?? SPOTIFY_MESSAGES.unknownGenre,
        imageUrl: a.imageUrl,
        encoreArtist: encoreArtist(a.id),
      })),
    };
  }

  return {
    async topArtists(user: SessionUser): Promise<TSpotifyArtists> {
      const fanId = fanOnly(user);
      const top = await withSpotify(fanId, (spotify, token) =>
        spotify.topArtists(token, SPOTIFY_TOP_ARTISTS_LIMIT),
      );
      return annotated(fanId, unique(top));
    },

    /** Artists of the 50 latest saved tracks whose name contains `q`, ignoring case, once each. */
    async library(user: SessionUser, q: string): Promise<TSpotifyArtists> {
      const fanId = fanOnly(user);
      if (q === '') return { artists: [] };
      const tracks = await withSpotify(fanId, (spotify, token) =>
        spotify.savedTrackArtists(token, SPOTIFY_SAVED_TRACKS_LIMIT),
      );
      const needle = q.toLowerCase();
      const found = tracks.flat().filter((a) => a.name.toLowerCase().includes(needle));
      return annotated(fanId, unique(found));
    },

    async importCandidates(user: SessionUser): Promise<TSpotifyImportCandidates> {
      const fanId = fanOnly(user);
      const [followed, top] = await withSpotify(fanId, (spotify, token) =>
        Promise.all([
          spotify.followedArtists(token, SPOTIFY_IMPORT_FOLLOWED_MAX),
          spotify.topArtists(token, SPOTIFY_IMPORT_TOP_LIMIT),
        ]),
      );
      const artists = unique([...followed, ...top]);
      const followedIds = new Set(followed.map((a) => a.id));
      const topIds = new Set(top.map((a) => a.id));
      const encoreArtist = await onEncore(fanId, artists);
      const seen = new Set<string>();
      const found: TSpotifyImportCandidates['matches'] = [];
      for (const a of artists) {
        const artist = encoreArtist(a.id);
        if (!artist || seen.has(artist.id)) continue;
        seen.add(artist.id);
        const sources = [
          ...(followedIds.has(a.id) ? (['followed'] as const) : []),
          ...(topIds.has(a.id) ? (['top'] as const) : []),
        ];
        found.push({ artist, spotifyName: a.name, sources });
      }
      return { spotifyArtists: artists.length, matches: found };
    },

    /** Alerts on the chosen artists, with the same rules as the alert dialog's. */
    import(user: SessionUser, input: TSpotifyImportRequest): Promise<TSpotifyImportResult> {
      return watchImportedArtists(alerts, user, input);
    },
  };
}

export type SpotifyLibrary = ReturnType<typeof createSpotifyLibrary>;
