import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DEMO_LOAD_LOCK_KEY } from '../db/advisory-locks.ts';
import type { Orm, SqlClient } from '../db/client.ts';
import {
  account,
  artistAlerts,
  fanProfile,
  fanSettings,
  goingInvites,
  performerProfile,
  showActs,
  showAttendance,
  showEvents,
  shows,
  socialNotices,
  ticketClicks,
  user,
  venueProfile,
} from '../db/schema/index.ts';
import type { DemoDataSet } from '../demo/demo-rows.ts';
import type { NewFanPlace } from '../domain/fan-place.ts';

/**
 * The demo loader's statements (demo/load-demo-data.ts). All but `loginsExist` run in the
 * loader's one transaction, which it passes in.
 */
export type DemoTx = Pick<Orm, 'execute' | 'insert'>;

/** Rows per INSERT: well under Postgres' 65,535 bind parameters for the widest table (shows). */
const BATCH = 1000;

async function insertBatches(tx: DemoTx, table: PgTable, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

/**
 * Show Pals links, each pair stored smaller id first by the database's own ordering (least and
 * greatest, as the API writes them), whatever the collation of a DATABASE_URL server.
 */
async function insertPalLinks(tx: DemoTx, rows: DemoDataSet['palLinks']): Promise<number> {
  if (rows.length === 0) return 0;
  const column = <K extends keyof (typeof rows)[number]>(key: K) =>
    sql.param(rows.map((r) => r[key]));
  await tx.execute(sql`
    insert into pal_links (fan_a, fan_b, requested_by, state, created_at, updated_at)
    select least(a, b), greatest(a, b), requested_by, state, created_at, updated_at
    from unnest(${column('fanA')}::text[], ${column('fanB')}::text[],
      ${column('requestedBy')}::text[], ${column('state')}::text[],
      ${column('createdAt')}::timestamptz[], ${column('updatedAt')}::timestamptz[])
      as r(a, b, requested_by, state, created_at, updated_at)`);
  return rows.length;
}

/** Fresh statistics of `table` for the rest of the transaction (see `insertTables`). */
async function analyze(tx: DemoTx, table: string): Promise<void> {
  await tx.execute(sql`analyze ${sql.identifier(table)}`);
}

export const demoDataRepo = {
  /** Serialises the load: two processes starting on one empty database load it once. */
  async lockLoad(tx: SqlClient): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOAD_LOCK_KEY})`);
  },

  async anyUser(tx: SqlClient): Promise<boolean> {
    const { rows } = await tx.execute<{ any: boolean }>(
      sql`select exists (select 1 from ${user}) as any`,
    );
    return Boolean(rows[0]?.any);
  },

  /**
   * Every demo account (the cascade takes their profiles, shows, alerts and marks). The demo fans'
   * going marks and then their profiles go first, each in one statement: an account's own delete
   * takes its marks out (account_marks_removed_first, migration 0048) and then its profile out of
   * the rollups (dashboard_rollups_fan_leaving, fan_homes_fan_leaving), a few statements an
   * account, and 3,506 accounts' worth of them were 11 of the delete's 12 s. In this order, and
   * in separate statements, every rollup moves as the accounts' own deletes would move it
   * (demo-data.test.ts compares them; marks and settings taken in one statement do not).
   */
  async deleteDemoUsers(tx: SqlClient, emailDomain: string): Promise<void> {
    const demoUsers = sql`select ${user.id} from ${user} where lower(${user.email}) like ${`%@${emailDomain}`}`;
    await tx.execute(
      sql`delete from ${showAttendance} where ${showAttendance.fanId} in (${demoUsers})`,
    );
    await tx.execute(sql`delete from ${fanProfile} where ${fanProfile.userId} in (${demoUsers})`);
    await tx.execute(sql`delete from ${user} where ${user.id} in (${demoUsers})`);
  },

  /**
   * The set's rows up to its pal links, parents before children so every foreign key finds its
   * row. Answers how many rows each went in. Each table is ANALYZEd once filled: the statements
   * that follow in this transaction (the next tables' triggers, the history match) planned with
   * the statistics of before the load, which say empty after a reset's delete, and chose nested
   * loops over thousands of rows: a history match statement ran for minutes (issue 32). ANALYZE in
   * a transaction samples the transaction's own new rows; a few ms a table here.
   */
  async insertTables(tx: DemoTx, data: DemoDataSet): Promise<Record<string, number>> {
    const plan: Array<[string, PgTable, object[]]> = [
      ['users', user, data.users],
      ['accounts', account, data.accounts],
      ['performers', performerProfile, data.performers],
      ['venues', venueProfile, data.venues],
      ['fans', fanProfile, data.fans],
      ['fanSettings', fanSettings, data.fanSettings],
      ['shows', shows, data.shows],
      ['showEvents', showEvents, data.showEvents],
      ['showActs', showActs, data.showActs],
      ['alerts', artistAlerts, data.alerts],
      ['attendance', showAttendance, data.attendance],
      ['ticketClicks', ticketClicks, data.ticketClicks],
    ];
    const counts: Record<string, number> = {};
    for (const [name, table, rows] of plan) {
      await insertBatches(tx, table, rows);
      await analyze(tx, getTableName(table));
      counts[name] = rows.length;
    }
    counts.palLinks = await insertPalLinks(tx, data.palLinks);
    await analyze(tx, 'pal_links');
    return counts;
  },

  /** The going-together invites and their notices: after the alerts, whose sequence they share. */
  async insertSocial(tx: DemoTx, data: DemoDataSet): Promise<void> {
    if (data.goingInvites.length > 0) await tx.insert(goingInvites).values(data.goingInvites);
    if (data.socialNotices.length > 0) await tx.insert(socialNotices).values(data.socialNotices);
  },

  /**
   * Fans' show requests, each placed at the fan's home as the API places one
   * (repositories/show-request.repo.ts' `homeOf`: the ZIP's city and state, the profile's point).
   */
  async insertShowRequests(tx: SqlClient, rows: DemoDataSet['showRequests']): Promise<number> {
    if (rows.length === 0) return 0;
    const { rowCount } = await tx.execute(sql`
      insert into show_requests
        (fan_id, performer_id, zip_code, city, state, latitude, longitude, created_at)
      select fp.user_id, r.performer_id, fp.zip_code, coalesce(zp.city, fp.home_city),
        coalesce(zp.state, ''), fp.latitude, fp.longitude, r.created_at
      from unnest(${sql.param(rows.map((r) => r.fanId))}::text[],
          ${sql.param(rows.map((r) => r.performerId))}::text[],
          ${sql.param(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[])
        as r(fan_id, performer_id, created_at)
      join fan_profiles fp on fp.user_id = r.fan_id
      left join zip_places zp on zp.zip_code = fp.zip_code`);
    return rowCount ?? 0;
  },

  /** Fans' other places, placed as the API places them (domain/fan-place.ts). */
  async insertFanPlaces(
    tx: SqlClient,
    rows: Array<NewFanPlace & { fanId: string }>,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
    const { rowCount } = await tx.execute(sql`
      insert into fan_places (fan_id, label, city, state, zip_code, latitude, longitude, radius,
        trip_start, trip_end)
      select * from unnest(${sql.param(column('fanId'))}::text[], ${sql.param(column('label'))}::text[],
        ${sql.param(column('city'))}::text[], ${sql.param(column('state'))}::text[],
        ${sql.param(column('zipCode'))}::text[], ${sql.param(column('latitude'))}::float8[],
        ${sql.param(column('longitude'))}::float8[], ${sql.param(column('radius'))}::int[],
        ${sql.param(column('tripStart'))}::date[], ${sql.param(column('tripEnd'))}::date[])`);
    return rowCount ?? 0;
  },

  /** The show events still unmatched, oldest first. */
  async unmatchedEvents(tx: SqlClient): Promise<Array<{ id: string; created_at: Date }>> {
    const { rows } = await tx.execute<{ id: string; created_at: Date }>(sql`
      select id, created_at from ${showEvents} where matched_at is null order by created_at`);
    return rows;
  },

  /**
   * Marks read, an hour after they were sent, the in-app alerts of these events older than `hours`.
   * Found by the event (the outbox's (show_event_id, fan_id, channel) key), not by the centre's
   * notification id, which no index leads with: 9.2 s → 0.5 s of a 19 s demo load (2026-12-02).
   */
  async readOlderAlerts(tx: SqlClient, eventIds: string[], hours: number): Promise<void> {
    await tx.execute(sql`
      update alert_deliveries set read_at = sent_at + interval '1 hour'
      where channel = 'in_app' and read_at is null
        and sent_at < now() - ${hours} * interval '1 hour'
        and show_event_id = any(${sql.param(eventIds)}::text[])`);
  },

  /** Whether these three logins exist. */
  async loginsExist(orm: SqlClient, emails: [string, string, string]): Promise<boolean> {
    const { rows } = await orm.execute<{ n: number }>(
      sql`select count(*)::int as n from ${user} where ${user.email} in (${emails[0]}, ${emails[1]}, ${emails[2]})`,
    );
    return rows[0]?.n === 3;
  },
};
