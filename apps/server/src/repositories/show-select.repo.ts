import type { TOwnShow, TShow, TSupportingAct } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';

type ShowRow = {
  id: string;
  performer_id: string;
  performer_name: string;
  performer_photo: string | null;
  performer_genres: string[] | null;
  venue_id: string | null;
  venue_name: string;
  venue_street: string;
  venue_city: string;
  venue_state: string;
  venue_zip: string;
  venue_photo: string | null;
  venue_capacity: number | null;
  starts_at_ms: number;
  time_zone: string;
  ticket_url: string | null;
  price_min: number | null;
  price_max: number | null;
  on_sale_at_ms: number | null;
  supporting_acts: Array<Required<TSupportingAct>>;
  genre: string;
  status: TShow['status'];
  attending_count: number;
  attendance: number | null;
  gross_revenue: number | null;
  merch_revenue: number | null;
  created_by: string;
  confirmation: TShow['confirmation']['state'];
  confirming_party_id: string | null;
};

/**
 * The condition (over the alias `s`) every public list and page of shows carries: a show pending
 * or declined by the other party it names is seen by its two parties only (their own lists).
 */
export const CONFIRMED_SHOW = sql`s.confirmation = 'confirmed'`;

/**
 * The bill's acts (over the alias `s`) in billing order: the typed names and the Encore acts that
 * confirmed, and for `viewerId` also what is theirs to see: every act when they are the show's
 * performer or venue, their own slot when they are a support act (pending or declined).
 */
function actsOf(viewerId: string | null): SQL {
  const theirs = viewerId
    ? sql`or ${viewerId}::text in (s.performer_id, s.venue_id) or a.performer_id = ${viewerId}`
    : sql``;
  return sql`(select coalesce(json_agg(json_build_object('name', a.name,
      'performerId', a.performer_id, 'confirmation', a.confirmation) order by a.position), '[]')
    from show_acts a where a.show_id = s.id and (a.confirmation = 'confirmed' ${theirs}))`;
}

/**
 * Shows with their performer, venue (Encore or external), bill and going count in one statement,
 * so a list of any length costs one query. `where`/`order` are fragments over the alias `s`. Rows
 * carry the owner's figures too; public routes answer with ZShow, whose serializer leaves them
 * out. `viewerId`: the signed-in user whose own list or show this is — its bill then holds what is
 * theirs to see (actsOf), and a support act's row has no figures (they are not its own).
 */
export async function selectShows(
  orm: Orm,
  where: SQL,
  order: SQL = sql`s.starts_at`,
  limit = 200,
  viewerId: string | null = null,
): Promise<TOwnShow[]> {
  const { rows } = await executePrepared<ShowRow>(orm, showRowsSql(where, order, limit, viewerId));
  return rows.map((r) => toShow(r, viewerId));
}

/**
 * selectShows' statement, for a page that reads its shows and the rest in one statement: its rows
 * as a JSON array, soonest first (or latest first, `newestFirst`), mapped by `showsFromRows`.
 * `candidates`: a statement of the `(id, starts_at)` of the shows the list may hold (say the first
 * `limit` of each of its sources): the list reads only those, by primary key. With `where` alone,
 * ORDER BY ... LIMIT may have Postgres walk shows_starts_idx until `limit` rows match: hundreds of
 * rows when no index answers the condition (an OR over two tables).
 */
export function showListJsonSql(
  where: SQL,
  { newestFirst = false, limit = 200, candidates, joins, attendingCount }: ShowListOptions = {},
): SQL {
  const order = newestFirst ? sql`desc` : sql`asc`;
  // Sorted by m's columns (the same values): by s.starts_at, Postgres may still walk that index.
  const from = candidates && sql`(${candidates}) m join shows s on s.id = m.id`;
  const by = candidates ? sql`m` : sql`s`;
  const rows = showRowsSql(where, sql`${by}.starts_at ${order}, ${by}.id`, limit, null, from, {
    joins,
    attendingCount,
  });
  return sql`(select coalesce(json_agg(r order by r.starts_at_ms ${order}, r.id), '[]')
    from (${rows}) r)`;
}

type ShowListOptions = {
  newestFirst?: boolean;
  limit?: number;
  candidates?: SQL;
  /** As showRowsWithSql's: the going count from a column `joins` brings. */
  joins?: SQL;
  attendingCount?: SQL;
};

/**
 * The public shows of `showRowsWithSql` rows or of a `showListJsonSql` column (pg parses json; no
 * viewer: public figures).
 */
export function showsFromRows(rows: ShowRow[]): TOwnShow[] {
  return rows.map((r) => toShow(r, null));
}

export type { ShowRow };

/**
 * The public show rows (no viewer) of `where` (over the alias s) with a page's own `columns`
 * (over s and the aliases its `joins` add), unlimited and unordered unless told: a page that reads
 * its shows by id gets its cards on the show rows, in one statement, and maps them with
 * `showsFromRows`. A list (the fan's going-to and attended shows) gives its `order` and `limit`.
 * (A grouped going count of the page's ids joined in, instead of the subquery per show, cost more:
 * 1.31 against 1.05 ms of Postgres per Your Alerts page.) `attendingCount`: the going count from a
 * column the page's `joins` bring (Your Alerts: show_faces' kept count, migration 0043) instead.
 */
export function showRowsWithSql(
  where: SQL,
  extra: {
    columns?: SQL;
    joins?: SQL;
    /** Instead of `shows s`: a statement of the page's own that joins `shows s` (say its feed). */
    from?: SQL;
    order?: SQL;
    limit?: number;
    attendingCount?: SQL;
  },
): SQL {
  const { order = null, limit = null, from = sql`shows s` } = extra;
  return showRowsSql(where, order, limit, null, from, extra);
}

/** A show's going count (over the alias `s`): every going mark, hidden fans included. */
const GOING_COUNT = sql`(select count(*)::int from show_attendance a
        where a.show_id = s.id and a.status = 'going')`;

function showRowsSql(
  where: SQL,
  order: SQL | null,
  limit: number | null,
  viewerId: string | null,
  from: SQL = sql`shows s`,
  extra: { columns?: SQL; joins?: SQL; attendingCount?: SQL } = {},
): SQL {
  const orderBy = order ? sql` order by ${order}` : sql``;
  const limitBy = limit === null ? sql`` : sql` limit ${limit}`;
  return sql`
    select s.id, s.performer_id, coalesce(pp.artist_name, pu.name) as performer_name,
      pu.image as performer_photo, pp.genres as performer_genres, s.venue_id,
      coalesce(vp.venue_name, s.external_name) as venue_name,
      coalesce(vp.street_address, s.external_street) as venue_street,
      coalesce(vp.city, s.external_city) as venue_city,
      coalesce(vp.state, s.external_state) as venue_state,
      coalesce(vp.zip_code, s.external_zip) as venue_zip, vu.image as venue_photo,
      vp.max_capacity as venue_capacity,
      (extract(epoch from s.starts_at) * 1000)::float8 as starts_at_ms, s.time_zone,
      s.ticket_url, s.price_min::float8 as price_min, s.price_max::float8 as price_max,
      (extract(epoch from s.on_sale_at) * 1000)::float8 as on_sale_at_ms,
      ${actsOf(viewerId)} as supporting_acts,
      s.genre, s.status, s.attendance, s.gross_revenue::float8 as gross_revenue,
      s.merch_revenue::float8 as merch_revenue, s.created_by,
      s.confirmation, s.confirming_party_id,
      ${extra.attendingCount ?? GOING_COUNT} as attending_count
      ${extra.columns ? sql`, ${extra.columns}` : sql``}
    from ${from}
    join "user" pu on pu.id = s.performer_id
    left join performer_profiles pp on pp.user_id = s.performer_id
    left join venue_profiles vp on vp.user_id = s.venue_id
    left join "user" vu on vu.id = s.venue_id${extra.joins ?? sql``}
    where ${where}${orderBy}${limitBy}`;
}

function toShow(r: ShowRow, viewerId: string | null): TOwnShow {
  const party = viewerId !== null && (viewerId === r.performer_id || viewerId === r.venue_id);
  // Only the show's parties learn an act's word; a support act its own.
  const supportingActs = r.supporting_acts.map(({ confirmation, ...act }) =>
    party || (viewerId !== null && act.performerId === viewerId) ? { ...act, confirmation } : act,
  );
  const figures = viewerId === null || party;
  return {
    id: r.id,
    performer: {
      id: r.performer_id,
      name: r.performer_name,
      photoUrl: r.performer_photo,
      genres: r.performer_genres ?? [],
    },
    venue: {
      id: r.venue_id,
      name: r.venue_name ?? '',
      streetAddress: r.venue_street ?? '',
      city: r.venue_city ?? '',
      state: r.venue_state ?? '',
      zipCode: r.venue_zip ?? '',
      photoUrl: r.venue_photo,
    },
    startsAt: new Date(r.starts_at_ms).toISOString(),
    timeZone: r.time_zone,
    ticketUrl: r.ticket_url,
    priceMin: r.price_min,
    priceMax: r.price_max,
    onSaleAt: r.on_sale_at_ms === null ? null : new Date(r.on_sale_at_ms).toISOString(),
    supportingActs,
    genre: r.genre,
    status: r.status,
    attendingCount: r.attending_count,
    venueCapacity: r.venue_capacity ?? null,
    attendance: figures ? r.attendance : null,
    grossRevenue: figures ? r.gross_revenue : null,
    merchRevenue: figures ? r.merch_revenue : null,
    createdById: r.created_by,
    confirmation: { state: r.confirmation, partyId: r.confirming_party_id },
  };
}
