import type { TDashboardShow, TPerformerDashboard, TShowStatus } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { CONFIRMED_SHOW } from '../show-select.repo.ts';

type Lists = TPerformerDashboard['shows'];
export type DashboardParty = { id: string; role: 'performer' | 'venue' };

/** Each list is bounded: a dashboard shows the next few, the rest live on My Shows. */
export const DASHBOARD_LIST_LIMIT = 20;

type Row = Omit<TDashboardShow, 'startsAt'> & { startsAtMs: number };
type Extra<T> = Row & T;

const PARTY_COLUMN = { performer: sql`s.performer_id`, venue: sql`s.venue_id` };

/**
 * The three show lists of a performer's or venue's dashboard, in one statement each: just what
 * names a show and links to it, plus the list's own figure. A show's venue is an Encore venue or
 * the external one named on the row.
 */
export function createDashboardShowsRepo(orm: Orm) {
  async function list<T>(party: DashboardParty, extra: SQL, where: SQL, order: SQL) {
    const { rows } = await executePrepared<Extra<T>>(
      orm,
      sql`
      select s.id, (extract(epoch from s.starts_at) * 1000)::float8 as "startsAtMs",
        s.time_zone as "timeZone", s.status, s.genre,
        coalesce(pp.artist_name, pu.name) as "performerName",
        coalesce(vp.venue_name, s.external_name) as "venueName",
        coalesce(vp.city, s.external_city) as city, coalesce(vp.state, s.external_state) as state,
        ${extra}
      from shows s
      join "user" pu on pu.id = s.performer_id
      left join performer_profiles pp on pp.user_id = s.performer_id
      left join venue_profiles vp on vp.user_id = s.venue_id
      where ${PARTY_COLUMN[party.role]} = ${party.id} and s.status <> 'cancelled' and ${where}
      order by ${order}
      limit ${DASHBOARD_LIST_LIMIT}`,
    );
    return rows.map(({ startsAtMs, ...row }) => ({
      ...row,
      status: row.status as TShowStatus,
      startsAt: new Date(startsAtMs).toISOString(),
    }));
  }

  return {
    async lists(party: DashboardParty): Promise<Lists> {
      const [upcoming, awaitingResults, pendingConfirmation] = await Promise.all([
        // Days to the show are counted in the venue's calendar: tonight's show is 0 days away.
        list<{ going: number; ticketClicks: number; daysToShow: number }>(
          party,
          sql`(select count(*)::int from show_attendance a
                where a.show_id = s.id and a.status = 'going') as going,
              (select coalesce(sum(c.clicks), 0)::int from ticket_clicks c
                where c.show_id = s.id) as "ticketClicks",
              ((s.starts_at at time zone s.time_zone)::date
                - (now() at time zone s.time_zone)::date) as "daysToShow"`,
          sql`${CONFIRMED_SHOW} and s.starts_at >= now()`,
          sql`s.starts_at`,
        ),
        // The venue enters its shows' results; a performer only where the venue is not on
        // Encore (nobody else could).
        list<{ mayEnterResults: boolean }>(
          party,
          sql`${party.role === 'venue' ? sql`true` : sql`s.venue_id is null`} as "mayEnterResults"`,
          sql`${CONFIRMED_SHOW} and s.starts_at < now() and s.attendance is null`,
          sql`s.starts_at desc`,
        ),
        list<{ waitingForMe: boolean }>(
          party,
          sql`coalesce(s.confirming_party_id = ${party.id}, false) as "waitingForMe"`,
          sql`s.confirmation = 'pending' and s.starts_at >= now()`,
          sql`s.starts_at`,
        ),
      ]);
      return { upcoming, awaitingResults, pendingConfirmation };
    },
  };
}

export type DashboardShowsRepo = ReturnType<typeof createDashboardShowsRepo>;
