import type { TShowEventKind } from '@encore/contract';
import type { AlertFacts } from '../texts/alert-text.ts';

/** Each of AlertFacts' columns as the show is now (over `shows s` with ALERT_FACTS_JOINS). */
const NOW = {
  artist: 'coalesce(pp.artist_name, pu.name)',
  venue: "coalesce(vp.venue_name, s.external_name, '')",
  city: "coalesce(vp.city, s.external_city, '')",
  state: "coalesce(vp.state, s.external_state, '')",
  starts_at: 's.starts_at',
  time_zone: 's.time_zone',
};

/** Each as a show event kept it when it was written (`payload.facts`, CapturedFacts). */
const KEPT: Record<keyof typeof NOW, string> = {
  artist: "e.payload #>> '{facts,artist}'",
  venue: "e.payload #>> '{facts,venue}'",
  city: "e.payload #>> '{facts,city}'",
  state: "e.payload #>> '{facts,state}'",
  starts_at: "(e.payload #>> '{facts,startsAt}')::timestamptz",
  time_zone: "e.payload #>> '{facts,timeZone}'",
};

const columns = (expression: (column: keyof typeof NOW) => string) =>
  (Object.keys(NOW) as Array<keyof typeof NOW>)
    .map((column) => `${expression(column)} as ${column}`)
    .join(',\n  ');

/**
 * The SQL (over `shows s`) that yields AlertFacts' columns as they are now: the show notices' and
 * Show Pals notices' texts, and the facts a show event keeps when it is written (show.repo.ts).
 */
export const ALERT_FACTS_COLUMNS = columns((column) => NOW[column]);

export const ALERT_FACTS_JOINS = `
  join "user" pu on pu.id = s.performer_id
  left join performer_profiles pp on pp.user_id = s.performer_id
  left join venue_profiles vp on vp.user_id = s.venue_id`;

/**
 * The same columns for an alert (over `show_events e` and `shows s`, with ALERT_FACTS_JOINS): the
 * facts its event kept when it was written, so an alert reads as it was sent in the centre, the
 * email, push and SMS alike, whenever each is read or sent; an event written before events kept
 * them falls back to the show as it is now. Plus what a 'postponed' event's payload says of the
 * move (`alertTitle`, `alertBody`): where an edit moved the show from (`edited`,
 * domain/show-events.ts), and whether a postponement left no new date.
 */
export const EVENT_FACTS_COLUMNS = `${columns((column) => `coalesce(${KEPT[column]}, ${NOW[column]})`)},
  case when e.kind = 'postponed' and e.payload -> 'edited' = 'true'::jsonb
    then (e.payload ->> 'oldStartsAt')::timestamptz end as moved_from,
  (e.kind = 'postponed' and e.payload -> 'newStartsAt' = 'null'::jsonb) as date_pending`;

/**
 * What a show event keeps of its show as the change that wrote it left it (its `payload.facts`):
 * the alert's texts are made of these, not of the show as it is when the alert is read. Kept per
 * event, never per delivery row: the fan-out writes up to a million rows per event
 * (docs/performance.md, "Announcement fan-out").
 */
export type CapturedFacts = {
  artist: string;
  venue: string;
  city: string;
  state: string;
  /** ISO instant. */
  startsAt: string;
  timeZone: string;
};

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
