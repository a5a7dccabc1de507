import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';

/**
 * What decides which shows a fan's cached pages may come to hold, read only when such a page is
 * kept (http/cached-pages.ts, decision 034): a change to any of it is the fan's own row, so it drops
 * the page by the fan's tag, and these reads need no snapshot shared with the page's.
 */
/** What brings a show into a fan's Your Alerts: the watched performers, the favourite genres. */
export type FeedFollows = { performerIds: string[]; genres: string[] };

export function createFanPageTagsRepo(orm: Orm) {
  return {
    /** Your Alerts lists the shows of these performers, and of these genres near home. */
    async follows(fanId: string): Promise<FeedFollows> {
      const { rows } = await executePrepared<{ performer_ids: string[]; genres: string[] }>(
        orm,
        sql`select
          array(select performer_id from artist_alerts where fan_id = ${fanId}) as performer_ids,
          coalesce((select favorite_genres from fan_profiles where user_id = ${fanId}), '{}')
            as genres`,
      );
      const [row] = rows;
      return { performerIds: row?.performer_ids ?? [], genres: row?.genres ?? [] };
    },
  };
}

export type FanPageTagsRepo = ReturnType<typeof createFanPageTagsRepo>;
