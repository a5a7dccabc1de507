import {
  ARTIST_SEARCH_MAX,
  GENRES,
  RECOMMENDED_MAX,
  type TArtistSearchResults,
  type TRecommendations,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { ArtistSearchRepo } from '../repositories/artist-search.repo.ts';
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

/** Discovery's search and the Recommended page: a fan's, like the other fan pages. */
export function createDiscovery(search: ArtistSearchRepo, recommended: RecommendedRepo) {
  return {
    async search(user: SessionUser, q: string): Promise<TArtistSearchResults> {
      const fanId = fanOnly(user);
      if (q === '') return { results: [] };
      return {
        results: await search.search(fanId, {
          q,
          genres: genresNamedBy(q),
          limit: ARTIST_SEARCH_MAX,
        }),
      };
    },

    recommended(user: SessionUser): Promise<TRecommendations> {
      return recommended.forFan(fanOnly(user), RECOMMENDED_MAX);
    },
  };
}

export type Discovery = ReturnType<typeof createDiscovery>;
