import { sql } from 'drizzle-orm';
import pg from 'pg';
import { decodeMatchedNotice } from '../src/alerts/matched-notice.ts';
import type { Database } from '../src/db/client.ts';
import { PG_CHANNELS } from '../src/db/pg-channels.ts';
import { type Reach, reachedRowsSql, reachesOf } from '../src/repositories/alerts/reach.repo.ts';
import { createNotificationRepo } from '../src/repositories/notification.repo.ts';
import { percentile } from './stats.ts';

/** Fans whose centres are read while the reach lasts: a sample, not the audience. */
const SAMPLE_FANS = 200;
/**
 * One centre read every this many ms while the reach lasts, as fans opening the app would: the
 * reads share the two cores with the in-app pass they measure, so back to back they would slow it.
 */
const READ_EVERY_MS = 100;
/** The reach's own statement timed alone afterwards, on a quiet database, for this many fans. */
const QUIET_READS = 50;

export type ReachFigures = {
  /** When the reach's notice arrived (epoch ms): every fan of the audience has the alert. */
  reached: number;
  /** When its end's notice arrived: every in-app row is written. */
  ended: number;
  /** Centre reads (the first page, as the API reads it) made while the reach lasted. */
  reads: number;
  p50Ms: number;
  p99Ms: number;
  /** Sampled fans whose centre showed the alert during the reach / whose row exists after. */
  sawAlert: number;
  hasRow: number;
  /** Sampled fans read during the reach whose centre disagreed with the row written after. */
  disagreed: number;
  /** The reach's statement alone (reachedRowsSql) for one fan, after the match, quiet. */
  quietP50Ms: number;
  quietP99Ms: number;
};

/**
 * Listens for the event's reach (decision 064) and, while it lasts, reads the notification
 * centre of a random sample of fans one after another, as fans opening the app would: how long
 * a read takes while the in-app pass writes, and whether each fan saw what its row then says.
 * Started before the announcement; `finish` after the match.
 */
export async function watchReach(database: Database) {
  const { rows: sample } = await database.pool.query<{ id: string }>(
    `select id from "user" where role = 'fan' order by random() limit ${SAMPLE_FANS}`,
  );
  const fans = sample.map((r) => r.id);
  const repo = createNotificationRepo(database.orm);
  const client = new pg.Client(database.pool.options);
  await client.connect();
  let eventId = '';
  let reached = 0;
  let ended = 0;
  const saw = new Map<string, boolean>();
  const times: number[] = [];
  let reading: Promise<void> = Promise.resolve();
  let kept: Reach | undefined;
  async function readWhileReached(showId: string) {
    const { rows } = await database.pool.query<{ reaches: unknown }>(
      `select json_agg(json_build_object('eventId', show_event_id,
         'notificationId', notification_id, 'facts', facts, 'reachedAt', reached_at)) as reaches
       from alert_reaches where show_event_id = $1`,
      [eventId],
    );
    kept = reachesOf(rows[0]?.reaches)[0];
    for (const fan of fans) {
      if (ended) return;
      const started = performance.now();
      const page = await repo.page(fan, null, 20);
      const took = performance.now() - started;
      times.push(took);
      if (!ended)
        saw.set(
          fan,
          page.items.some((i) => i.showId === showId),
        );
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, READ_EVERY_MS - took)));
    }
  }
  let showId = '';
  // Kept for every event: the worker may begin the reach before `follow` is told the event.
  const begun = new Map<string, number>();
  const endedAt = new Map<string, number>();
  const start = () => {
    reached = begun.get(eventId) ?? 0;
    if (reached) reading = readWhileReached(showId);
  };
  client.on('notification', (n) => {
    const notice = decodeMatchedNotice(n.payload ?? '');
    if (notice.reach === 'begun' && !begun.has(notice.eventId)) {
      begun.set(notice.eventId, Date.now());
      if (notice.eventId === eventId) start();
    }
    if (notice.reach === 'ended') {
      endedAt.set(notice.eventId, Date.now());
      if (notice.eventId === eventId) ended = Date.now();
    }
  });
  await client.query(`listen ${PG_CHANNELS.matched}`);
  return {
    /** The event to follow, once announced, and its show. */
    follow(id: string, show: string) {
      eventId = id;
      showId = show;
      ended = endedAt.get(id) ?? 0;
      start();
    },
    async finish(): Promise<ReachFigures> {
      await reading;
      await client.end();
      const { rows } = await database.pool.query<{ fan_id: string }>(
        `select d.fan_id from alert_deliveries d join show_events e on e.id = $1
         where d.channel = 'in_app' and d.notification_id = e.notification_id
           and d.fan_id = any($2::text[])`,
        [eventId, [...saw.keys()]],
      );
      const withRow = new Set(rows.map((r) => r.fan_id));
      const quiet: number[] = [];
      for (const fan of kept ? fans.slice(0, QUIET_READS) : []) {
        const started = performance.now();
        if (kept)
          await database.orm.execute(sql`select count(*) from ${reachedRowsSql(kept, [fan])} d`);
        quiet.push(performance.now() - started);
      }
      return {
        reached,
        ended,
        reads: times.length,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        sawAlert: [...saw.values()].filter(Boolean).length,
        hasRow: withRow.size,
        disagreed: [...saw].filter(([fan, seen]) => seen !== withRow.has(fan)).length,
        quietP50Ms: percentile(quiet, 50),
        quietP99Ms: percentile(quiet, 99),
      };
    },
  };
}
