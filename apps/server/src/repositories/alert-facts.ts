import type { TShowEventKind } from '@encore/contract';
import type { AlertFacts } from '../texts/alert-text.ts';

/**
 * The SQL (over `shows s`) that yields AlertFacts' columns, shared by the notification centre,
 * the show notices and the alert engine's claim and digest reads (repositories/alerts/).
 */
export const ALERT_FACTS_COLUMNS = `
  coalesce(pp.artist_name, pu.name) as artist,
  coalesce(vp.venue_name, s.external_name, '') as venue,
  coalesce(vp.city, s.external_city, '') as city,
  coalesce(vp.state, s.external_state, '') as state,
  s.starts_at as starts_at, s.time_zone as time_zone`;

export const ALERT_FACTS_JOINS = `
  join "user" pu on pu.id = s.performer_id
  left join performer_profiles pp on pp.user_id = s.performer_id
  left join venue_profiles vp on vp.user_id = s.venue_id`;

/**
 * The same columns for an alert (over `show_events e` and `shows s`, with ALERT_FACTS_JOINS), plus
 * what a 'postponed' event's payload says of the move (`alertTitle`, `alertBody`): where an edit
 * moved the show from (`edited`, domain/show-events.ts), and whether a postponement left no new
 * date.
 */
export const EVENT_FACTS_COLUMNS = `${ALERT_FACTS_COLUMNS},
  case when e.kind = 'postponed' and e.payload -> 'edited' = 'true'::jsonb
    then (e.payload ->> 'oldStartsAt')::timestamptz end as moved_from,
  (e.kind = 'postponed' and e.payload -> 'newStartsAt' = 'null'::jsonb) as date_pending`;

/** A row with ALERT_FACTS_COLUMNS (or EVENT_FACTS_COLUMNS) and the event's kind. */
export type AlertFactsRow = {
  kind: TShowEventKind;
  artist: string;
  venue: string;
  city: string;
  state: string;
  starts_at: Date;
  time_zone: string;
  /** EVENT_FACTS_COLUMNS only. */
  moved_from?: Date | null;
  date_pending?: boolean;
};

export function alertFactsOf(row: AlertFactsRow): AlertFacts {
  return {
    kind: row.kind,
    artist: row.artist,
    venue: row.venue,
    city: row.city,
    state: row.state,
    startsAt: new Date(row.starts_at),
    timeZone: row.time_zone,
    movedFrom: row.moved_from ? new Date(row.moved_from) : null,
    datePending: row.date_pending === true,
  };
}
