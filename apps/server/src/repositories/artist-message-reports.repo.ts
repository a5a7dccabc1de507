import { ARTIST_MESSAGE_HIDDEN_AT_REPORTS } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

/**
 * A reported message as operators see it, times as ISO 8601 UTC: never who reported it, nor
 * their notes. `hidden`: fans no longer see it (ARTIST_MESSAGE_HIDDEN_AT_REPORTS reached).
 */
export type ReportedMessage = {
  id: string;
  artist: string;
  sentAt: string;
  reports: number;
  lastReportAt: string;
  hidden: boolean;
  body: string;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/**
 * What `npm run messages:reports` reads (alerts/message-reports.ts): messages fans reported,
 * the most recently reported first. A report's fan and note stay out: a note is the fan's own
 * words and may name them, and operators act on the message, not on who reported it.
 */
export function createArtistMessageReportsRepo(orm: Orm) {
  return {
    async reported(limit: number): Promise<ReportedMessage[]> {
      const { rows } = await orm.execute<ReportedMessage>(sql`
        select m.id, coalesce(pp.artist_name, u.name) as artist, ${iso('m.created_at')} as "sentAt",
          r.reports, ${iso('r.last_report_at')} as "lastReportAt",
          r.reports >= ${ARTIST_MESSAGE_HIDDEN_AT_REPORTS} as hidden, m.body
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
