import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { CONFIRMED_SHOW } from './show-select.repo.ts';

export type SitemapPageKind = 'artist' | 'venue' | 'show';
export type SitemapPage = { kind: SitemapPageKind; id: string; updatedAt: Date };

/**
 * The public pages a signed-out visitor may open, for the sitemap: every performer's and venue's
 * page (GET /api/artists/:id and /api/venues/:id answer anyone for a profile of that role), and
 * every upcoming show that is confirmed (CONFIRMED_SHOW, as the show page requires of strangers)
 * and not cancelled. Artists and venues first, then shows soonest first, so a cap drops the
 * furthest shows. One statement whatever the number of pages.
 */
export function createSitemapRepo(orm: Orm) {
  return {
    async publicPages(limit: number): Promise<SitemapPage[]> {
      const { rows } = await orm.execute<{ kind: SitemapPageKind; id: string; updated_at: Date }>(
        sql`
          select kind, id, updated_at from (
            select 1 as rank, 'artist' as kind, p.user_id as id, p.updated_at, null::timestamptz as starts_at
              from performer_profiles p join "user" u on u.id = p.user_id and u.role = 'performer'
            union all
            select 2, 'venue', v.user_id, v.updated_at, null
              from venue_profiles v join "user" u on u.id = v.user_id and u.role = 'venue'
            union all
            select 3, 'show', s.id, s.updated_at, s.starts_at
              from shows s
              where ${CONFIRMED_SHOW} and s.status <> 'cancelled' and s.starts_at >= now()
          ) pages
          order by rank, starts_at, id
          limit ${limit}
        `,
      );
      return rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        updatedAt: new Date(row.updated_at),
      }));
    },
  };
}

export type SitemapRepo = ReturnType<typeof createSitemapRepo>;
