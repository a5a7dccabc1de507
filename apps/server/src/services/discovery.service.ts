import {
  ARTIST_SEARCH_MAX,
  DISCOVERY_LABELS,
  FAN_PLACE_MESSAGES,
  GENRE_PAGE_SIZE,
  GENRES,
  genreFromSlug,
  RECOMMENDED_MAX,
  type TArtistSearchResults,
  type TGenreArtists,
  type TRecommendations,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { ArtistSearchRepo } from '../repositories/artist-search.repo.ts';
import type { GenreArtistsRepo } from '../repositories/genre-artists.repo.ts';
import type { RecommendedRepo } from '../repositories/recommended.repo.ts';
import { fanOnly } from './fan-pages.service.ts';

/** Shorter than this, a query names too many genres to mean one ('r' is Rock, R&B, …). */
const GENRE_PREFIX_MIN = 2;
const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The genres a query names: the genre itself or the start of it, ignoring case, spaces and
 * punctuation, so 'hip hop', 'hiphop' and 'Hip-' all find Hip-Hop and 'rnb' does not invent one.
 */
export function genresNamedBy(q: string): string[] {
  const folded = fold(q);
  if (folded.length < GENRE_PREFIX_MIN) return [];
  return GENRES.filter((genre) => fold(genre).startsWith(folded));
}

/**
 * The query as a cache key: two spellings that always get the same answer share it. Matching
 * ignores case (ILIKE, pg_trgm, genresNamedBy), but only ASCII letters fold the same way in
 * JavaScript and in Postgres' locale, so other text is kept as typed. Spaces are not collapsed:
 * 'a  b' and 'a b' match different names.
 */
export const searchKey = (q: string) => (/^[\x20-\x7e]*$/.test(q) ? q.toLowerCase() : q);

export type SearchAnswer = {
  answer: TArtistSearchResults;
  /** When time alone changes the answer (an artist listed as on tour stops being so), in ms. */
  changesAt: number | null;
};

/** Discovery's search, its genre pages and the Recommended page: a fan's, like the other fan pages. */
export function createDiscovery(
  search: ArtistSearchRepo,
  recommended: RecommendedRepo,
  genreArtists: GenreArtistsRepo,
) {
  return {
    async search(user: SessionUser, q: string): Promise<SearchAnswer> {
      const fanId = fanOnly(user);
      if (q === '') return { answer: { results: [] }, changesAt: null };
      const found = await search.search(fanId, {
        q,
        genres: genresNamedBy(q),
        limit: ARTIST_SEARCH_MAX,
      });
      return { answer: { results: found.cards }, changesAt: found.changesAt };
    },

    /** From home, or from one of the fan's places (`placeId`; another's is not found). */
    async recommended(user: SessionUser, placeId: string | null = null): Promise<TRecommendations> {
      const found = await recommended.forFan(fanOnly(user), RECOMMENDED_MAX, new Date(), placeId);
      if (!found) throw new AppError('NOT_FOUND', FAN_PLACE_MESSAGES.notFound);
      return found;
    },

    /** `slug` is a genre's address (genreSlug); one naming no genre is a 404, not an empty page. */
    genre(user: SessionUser, slug: string, offset: number): Promise<TGenreArtists> {
      const fanId = fanOnly(user);
      const genre = genreFromSlug(slug);
      if (!genre) throw new AppError('NOT_FOUND', DISCOVERY_LABELS.unknownGenre);
      return genreArtists.page(fanId, { genre, offset, limit: GENRE_PAGE_SIZE });
    },
  };
}

export type Discovery = ReturnType<typeof createDiscovery>;
