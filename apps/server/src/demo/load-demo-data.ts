import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { matchEventAsHistory } from '../alerts/match-event.ts';
import { hashPassword } from '../auth/password.ts';
import { uniqueViolationConstraint } from '../auth/unique-violation.ts';
import { DEMO_LOAD_LOCK_KEY } from '../db/advisory-locks.ts';
import type { Database, Orm } from '../db/client.ts';
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
import { DEMO_EMAIL_DOMAIN, DEMO_LOGINS, DEMO_PASSWORD, DEMO_SEED } from './demo-accounts.ts';
import type { DemoDataSet } from './demo-rows.ts';
import { generateDemoData } from './generate.ts';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** Rows per INSERT: well under Postgres' 65,535 bind parameters for the widest table (shows). */
const BATCH = 1000;

export type DemoLoad = { loaded: boolean; seconds: number; counts: Record<string, number> };

async function insertAll(tx: Tx, data: DemoDataSet): Promise<Record<string, number>> {
  // Parents before children, so every foreign key finds its row.
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
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
    }
    counts[name] = rows.length;
  }
  counts.palLinks = await insertPalLinks(tx, data.palLinks);
  counts.notifications = await matchRecentHistory(tx);
  // After the alerts: a notice's id comes from their sequence, and the invite is the newest.
  if (data.goingInvites.length > 0) await tx.insert(goingInvites).values(data.goingInvites);
  if (data.socialNotices.length > 0) await tx.insert(socialNotices).values(data.socialNotices);
  counts.goingInvites = data.goingInvites.length;
  return counts;
}

/**
 * Show Pals links, each pair stored smaller id first by the database's own ordering (least and
 * greatest, as the API writes them), whatever the collation of a DATABASE_URL server.
 */
async function insertPalLinks(tx: Tx, rows: DemoDataSet['palLinks']): Promise<number> {
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

/** Alerts older than this were read by their fans; newer ones wait unread in the bell. */
const UNREAD_HOURS = 48;

/**
 * The demo's events of the last days (left unmatched by the generator) go through the alert
 * matcher as history: each fan it concerns gets the in-app alert, dated when the event happened,
 * and nothing goes out by push, email or SMS. Answers how many alerts were written.
 */
async function matchRecentHistory(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ id: string; created_at: Date }>(sql`
    select id, created_at from ${showEvents} where matched_at is null order by created_at`);
  let written = 0;
  for (const event of rows) {
    written += (await matchEventAsHistory(tx, event.id, new Date(event.created_at))) ?? 0;
  }
  await tx.execute(sql`
    update alert_deliveries set read_at = sent_at + interval '1 hour'
    where channel = 'in_app' and read_at is null
      and sent_at < now() - ${UNREAD_HOURS} * interval '1 hour'
      and show_event_id = any(${sql.param(rows.map((r) => r.id))}::text[])`);
  return written;
}

async function generate(now: Date): Promise<DemoDataSet> {
  // One argon2id hash for all 3,270 accounts: they share the password, and hashing each one
  // separately (~50 ms apiece) alone would take longer than the whole load may.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return generateDemoData({ now, seed: DEMO_SEED, passwordHash });
}

async function inTransaction(
  database: Database,
  work: (tx: Tx) => Promise<Record<string, number> | null>,
): Promise<DemoLoad> {
  const started = performance.now();
  try {
    // One transaction: a load that fails half-way leaves nothing behind.
    const counts = await database.orm.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOAD_LOCK_KEY})`);
      return work(tx);
    });
    const seconds = (performance.now() - started) / 1000;
    return { loaded: counts !== null, seconds, counts: counts ?? {} };
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (!constraint) throw error;
    throw new Error(
      `Demo data not loaded: an account that is not a demo account already uses a demo username or email (${constraint}). Nothing was changed.`,
      { cause: error },
    );
  }
}

/** First start: loads the demo data set when the database has no users at all. */
export function loadDemoDataIfEmpty(
  database: Database,
  now = new Date(),
  /** Told when the set will be loaded (the database is empty): the start says so first. */
  onLoading: () => void = () => {},
): Promise<DemoLoad> {
  return inTransaction(database, async (tx) => {
    const { rows } = await tx.execute<{ any: boolean }>(
      sql`select exists (select 1 from ${user}) as any`,
    );
    if (rows[0]?.any) return null;
    onLoading();
    return insertAll(tx, await generate(now));
  });
}

/**
 * `npm run demo:reset`: deletes every demo account (and, by cascade, their profiles, shows,
 * alerts and marks, including real users' marks on demo shows) and loads the set afresh.
 */
export function resetDemoData(database: Database, now = new Date()): Promise<DemoLoad> {
  return inTransaction(database, async (tx) => {
    const data = await generate(now);
    await tx.execute(
      sql`delete from ${user} where lower(${user.email}) like ${`%@${DEMO_EMAIL_DOMAIN}`}`,
    );
    return insertAll(tx, data);
  });
}

/** Whether the three demo logins exist (they are printed at every start when they do). */
export async function demoLoginsExist(database: Database): Promise<boolean> {
  const { rows } = await database.orm.execute<{ n: number }>(
    sql`select count(*)::int as n from ${user} where ${user.email} in (${DEMO_LOGINS.fan}, ${DEMO_LOGINS.performer}, ${DEMO_LOGINS.venue})`,
  );
  return rows[0]?.n === 3;
}
