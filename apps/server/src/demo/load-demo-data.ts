import { ZFanPlaceInput } from '@encore/contract';
import { matchEventAsHistory } from '../alerts/match-event.ts';
import { hashPassword } from '../auth/password.ts';
import { uniqueViolationConstraint } from '../auth/unique-violation.ts';
import type { Database, Orm } from '../db/client.ts';
import { placeFanPlace } from '../domain/fan-place.ts';
import { demoDataRepo } from '../repositories/demo-data.repo.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_LOGINS, DEMO_PASSWORD, DEMO_SEED } from './demo-accounts.ts';
import type { DemoDataSet } from './demo-rows.ts';
import { generateDemoData } from './generate.ts';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export type DemoLoad = { loaded: boolean; seconds: number; counts: Record<string, number> };

async function insertAll(tx: Tx, data: DemoDataSet, now: Date): Promise<Record<string, number>> {
  const counts = await demoDataRepo.insertTables(tx, data);
  counts.notifications = await matchRecentHistory(tx);
  // After the alerts: a notice's id comes from their sequence, and the invite is the newest.
  await demoDataRepo.insertSocial(tx, data);
  counts.goingInvites = data.goingInvites.length;
  // After the history is matched, which would have answered (closed) them.
  counts.showRequests = await demoDataRepo.insertShowRequests(tx, data.showRequests);
  // After the history too: the places count for announcements from now on.
  counts.fanPlaces = await demoDataRepo.insertFanPlaces(
    tx,
    data.fanPlaces.map(({ fanId, place }) => ({
      fanId,
      ...placeFanPlace(ZFanPlaceInput.parse(place), now),
    })),
  );
  return counts;
}

/** Alerts older than this were read by their fans; newer ones wait unread in the bell. */
const UNREAD_HOURS = 48;

/**
 * The demo's events of the last days (left unmatched by the generator) go through the alert
 * matcher as history: each fan it concerns gets the in-app alert, dated when the event happened,
 * and nothing goes out by push, email or SMS. Answers how many alerts were written.
 */
async function matchRecentHistory(tx: Tx): Promise<number> {
  const rows = await demoDataRepo.unmatchedEvents(tx);
  let written = 0;
  for (const event of rows) {
    written += (await matchEventAsHistory(tx, event.id, new Date(event.created_at))) ?? 0;
  }
  await demoDataRepo.readOlderAlerts(
    tx,
    rows.map((r) => r.id),
    UNREAD_HOURS,
  );
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
      await demoDataRepo.lockLoad(tx);
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
    if (await demoDataRepo.anyUser(tx)) return null;
    onLoading();
    return insertAll(tx, await generate(now), now);
  });
}

/**
 * `npm run demo:reset`: deletes every demo account (and, by cascade, their profiles, shows,
 * alerts and marks, including real users' marks on demo shows) and loads the set afresh.
 */
export function resetDemoData(database: Database, now = new Date()): Promise<DemoLoad> {
  return inTransaction(database, async (tx) => {
    const data = await generate(now);
    await demoDataRepo.deleteDemoUsers(tx, DEMO_EMAIL_DOMAIN);
    return insertAll(tx, data, now);
  });
}

/** Whether the three demo logins exist (they are printed at every start when they do). */
export function demoLoginsExist(database: Database): Promise<boolean> {
  const { fan, performer, venue } = DEMO_LOGINS;
  return demoDataRepo.loginsExist(database.orm, [fan, performer, venue]);
}
