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

/** A row with ALERT_FACTS_COLUMNS and the event's kind, as node-postgres returns it. */
export type AlertFactsRow = {
  kind: TShowEventKind;
  artist: string;
  venue: string;
  city: string;
  state: string;
  starts_at: Date;
  time_zone: string;
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
  };
}
