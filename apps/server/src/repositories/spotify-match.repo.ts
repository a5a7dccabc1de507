import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import type { EncoreCandidate } from '../domain/spotify-artist-match.ts';
import { matchedArtistCards, performersNamedOrLinked } from './artist-match-candidates.repo.ts';

/** Encore's side of matching Spotify artists, and the cards of the artists matched. SQL only. */
export function createSpotifyMatchRepo(orm: Orm) {
  return {
    /**
     * Every performer whose music-provider link mentions one of `spotifyIds`, or whose normalised
     * name is one of `names`: see performersNamedOrLinked. The service decides which of them are
     * certain matches.
     */
    async candidates(
      spotifyIds: readonly string[],
      names: readonly string[],
    ): Promise<EncoreCandidate[]> {
      if (spotifyIds.length === 0 && names.length === 0) return [];
      const rows = await performersNamedOrLinked(
        orm,
        names,
        sql`p.spotify_url`,
        sql`exists (
          select 1 from unnest(${sql.param([...spotifyIds])}::text[]) as x(id)
          where strpos(p.spotify_url, 'artist/' || x.id) > 0)`,
      );
      return rows.map((r) => ({ performerId: r.id, name: r.name, spotifyUrl: r.link }));
    },

    cards: matchedArtistCards(orm),
  };
}

export type SpotifyMatchRepo = ReturnType<typeof createSpotifyMatchRepo>;
