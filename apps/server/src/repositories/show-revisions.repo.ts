import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import type { CalendarRevision } from '../domain/show-calendar.ts';

/**
 * What a show's calendar event needs besides the public show, from what is stored (the calendar
 * feed and the single .ics): its SEQUENCE is the count of its events that changed its times or
 * status ('postponed', which every moved start writes too, and 'cancelled'), so it grows with
 * each such change and with nothing else, and is the same whichever process or download computes
 * it; LAST-MODIFIED is the row's updated_at; and whether it waits for a new date (postponed, and
 * its newest move said no new date). Events are written only for confirmed shows, the only ones
 * a fan's calendar can hold. One statement for a whole feed (show_events_show_idx).
 */
export async function showRevisions(
  orm: Pick<Orm, 'execute'>,
  showIds: readonly string[],
): Promise<Map<string, CalendarRevision>> {
  if (showIds.length === 0) return new Map();
  const { rows } = await orm.execute<{
    id: string;
    updated_at: Date;
    sequence: number;
    date_pending: boolean | null;
  }>(sql`
    select s.id, s.updated_at,
      (select count(*) from show_events e
        where e.show_id = s.id and e.kind in ('postponed', 'cancelled'))::int as sequence,
      s.status = 'postponed' and (select e.payload -> 'newStartsAt' = 'null'::jsonb
        from show_events e where e.show_id = s.id and e.kind = 'postponed'
        order by e.created_at desc limit 1) as date_pending
    from shows s where s.id = any(${sql.param([...showIds])}::text[])`);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        sequence: r.sequence,
        updatedAt: new Date(r.updated_at),
        datePending: r.date_pending === true,
      },
    ]),
  );
}
