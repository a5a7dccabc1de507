import type { TDiscoveredArtist } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import type { LastfmCandidate } from '../domain/lastfm-artist-match.ts';
import { discoveredArtistCards } from './discovered-artist-cards.repo.ts';

/** Encore's side of matching Last.fm artists, and the cards of the artists found. SQL only. */
export function createLastfmMatchRepo(orm: Orm) {
  return {
    /**
     * Every performer whose name, trimmed, single-spaced and lower-cased, is one of `names`
     * (already in that form), or whose website link names one of `mbids` (lower-case). All
     * same-named ones must be here for the service to see that a name is shared.
     */
    async candidates(
      names: readonly string[],
      mbids: readonly string[],
    ): Promise<LastfmCandidate[]> {
      if (names.length === 0 && mbids.length === 0) return [];
      const { rows } = await orm.execute<{
        id: string;
        name: string;
        website_url: string | null;
      }>(sql`
        select p.user_id as id, p.artist_name as name, p.website_url
        from performer_profiles p
        join "user" u on u.id = p.user_id and u.role = 'performer'
        where lower(regexp_replace(btrim(p.artist_name), '\\s+', ' ', 'g'))
            = any(${sql.param([...names])}::text[])
          or exists (
            select 1 from unnest(${sql.param([...mbids])}::text[]) as x(mbid)
            where strpos(lower(p.website_url), 'musicbrainz.org/artist/' || x.mbid) > 0)`);
      return rows.map((r) => ({ performerId: r.id, name: r.name, websiteUrl: r.website_url }));
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

export type LastfmMatchRepo = ReturnType<typeof createLastfmMatchRepo>;
