import type { TDirectoryEntry } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

type Row = { id: string; name: string; detail: string; photo: string | null };

/**
 * Who can be booked: performers and venues with a profile, by name. ILIKE finds the substring;
 * pg_trgm's similarity puts the closest names first. A performer's detail is its genres and its
 * followers (public on its page, read from the monthly rollup): two artists of one name on a bill
 * picker are told apart by more than their photo.
 */
export function createDirectoryRepo(orm: Orm) {
  const pattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return {
    async performers(q: string): Promise<TDirectoryEntry[]> {
      const { rows } = await orm.execute<Row>(sql`
        select m.id, m.name,
          m.genres || ' · ' || to_char(f.n, 'FM999,999,990')
            || case when f.n = 1 then ' follower' else ' followers' end as detail,
          m.photo
        from (
          select u.id, p.artist_name as name, array_to_string(p.genres, ', ') as genres,
            u.image as photo, similarity(p.artist_name, ${q}) as closeness
          from performer_profiles p join "user" u on u.id = p.user_id
          where u.role = 'performer' and p.artist_name ilike ${pattern(q)}
          order by closeness desc, p.artist_name, u.id
          limit 20) m
        -- Followers for the 20 shown only, not for every name that matched.
        cross join lateral (
          select coalesce(sum(r.follows - r.unfollows), 0)::int as n
          from performer_follow_months r where r.performer_id = m.id) f
        order by m.closeness desc, m.name, m.id`);
      return rows.map(toEntry);
    },

    async venues(q: string): Promise<TDirectoryEntry[]> {
      const { rows } = await orm.execute<Row>(sql`
        select u.id, v.venue_name as name, v.city || ', ' || v.state as detail, u.image as photo
        from venue_profiles v join "user" u on u.id = v.user_id
        where u.role = 'venue' and v.venue_name ilike ${pattern(q)}
        order by similarity(v.venue_name, ${q}) desc, v.venue_name, u.id
        limit 20`);
      return rows.map(toEntry);
    },
  };
}

const toEntry = (r: Row): TDirectoryEntry => ({
  id: r.id,
  name: r.name,
  detail: r.detail,
  photoUrl: r.photo,
});

export type DirectoryRepo = ReturnType<typeof createDirectoryRepo>;
