import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

/** A reported message as operators see it: never who reported it, nor their notes. */
export type ReportedMessageRow = {
  id: string;
  artist: string;
  sent_at: Date;
  reports: number;
  last_report_at: Date;
  body: string;
};

/**
 * What `npm run messages:reports` reads (alerts/message-reports.ts): messages fans reported,
 * the most recently reported first. A report's fan and note stay out: a note is the fan's own
 * words and may name them, and operators act on the message, not on who reported it.
 */
export function createArtistMessageReportsRepo(orm: Orm) {
  return {
    async reported(limit: number): Promise<ReportedMessageRow[]> {
      const { rows } = await orm.execute<ReportedMessageRow>(sql`
        select m.id, coalesce(pp.artist_name, u.name) as artist, m.created_at as sent_at,
          r.reports, r.last_report_at, m.body
        from (select message_id, count(*)::int as reports, max(created_at) as last_report_at
          from artist_message_reports group by message_id
          order by max(created_at) desc limit ${limit}) r
        join artist_messages m on m.id = r.message_id
        join "user" u on u.id = m.performer_id
        left join performer_profiles pp on pp.user_id = m.performer_id
        order by r.last_report_at desc`);
      return rows;
    },
  };
}
