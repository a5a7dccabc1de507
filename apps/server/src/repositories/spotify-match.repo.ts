import type { TDiscoveredArtist } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import type { EncoreCandidate } from '../domain/spotify-artist-match.ts';
import { discoveredArtistCards } from './discovered-artist-cards.repo.ts';

/** Encore's side of matching Spotify artists, and the cards of the artists matched. SQL only. */
export function createSpotifyMatchRepo(orm: Orm) {
  return {
    /**
     * Every performer whose music-provider link mentions one of `spotifyIds`, or whose name,
     * trimmed, single-spaced and lower-cased, is one of `names` (already in that form). The
     * service decides which of them are certain matches; all same-named ones must be here for
     * it to see that a name is ambiguous.
     */
    async candidates(
      spotifyIds: readonly string[],
      names: readonly string[],
    ): Promise<EncoreCandidate[]> {
      if (spotifyIds.length === 0 && names.length === 0) return [];
      const { rows } = await orm.execute<{
        id: string;
        name: string;
        spotify_url: string | null;
      }>(sql`
        select p.user_id as id, p.artist_name as name, p.spotify_url
        from performer_profiles p
        join "user" u on u.id = p.user_id and u.role = 'performer'
        where lower(regexp_replace(btrim(p.artist_name), '\\s+', ' ', 'g'))
            = any(${sql.param([...names])}::text[])
          or exists (
            select 1 from unnest(${sql.param([...spotifyIds])}::text[]) as x(id)
            where strpos(p.spotify_url, 'artist/' || x.id) > 0)`);
      return rows.map((r) => ({ performerId: r.id, name: r.name, spotifyUrl: r.spotify_url }));
    },

    cards(
      fanId: string,
      performerIds: readonly string[],
      now = new Date(),
    ): Promise<TDiscoveredArtist[]> {
      return discoveredArtistCards(orm, fanId, performerIds, now);
    },
  };
}

export type SpotifyMatchRepo = ReturnType<typeof createSpotifyMatchRepo>;
