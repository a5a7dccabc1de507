import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/test-app.ts';

/**
 * The outbox's unique key leads with the event (migration 0028), so each lookup by event or by
 * fan must still find an index. With sequential scans disabled the planner still picks one
 * when no index fits, so a plan without "Seq Scan on alert_deliveries" proves an index serves it.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.database.close());

async function plan(statement: string): Promise<string> {
  const client = await db.database.pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${statement}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    client.release();
  }
}

describe('the outbox lookups have an index', () => {
  const lookups: Record<string, string> = {
    // match.repo.ts lockEventForRange: does the range have rows of the event already?
    "a range's rerun check": `select 1 from alert_deliveries d
      where d.show_event_id = 'e1' and d.fan_id >= 'a' and d.fan_id < 'm'`,
    // migration 0013: a deleted event's rows.
    "a deleted event's rows": `delete from alert_deliveries d
      using (values ('e1')) gone(id) where d.show_event_id = gone.id`,
    // migration 0028: a deleted fan's rows, in-app then outbound.
    "a deleted fan's in-app rows": `delete from alert_deliveries d
      using (values ('f1')) gone(id) where d.fan_id = gone.id and d.channel = 'in_app'`,
    "a deleted fan's outbound rows": `delete from alert_deliveries d
      using (values ('f1')) gone(id) where d.fan_id = gone.id and d.channel <> 'in_app'`,
    // notification.repo.ts ofEvent: the live stream's rows of one event.
    "an event's in-app rows for some fans": `select id from alert_deliveries d
      where d.channel = 'in_app' and d.show_event_id = 'e1' and d.fan_id = any(array['f1','f2'])`,
    // match-audience.ts: a support act's watchers the show has reached already.
    "a fan's rows of some events": `select 1 from alert_deliveries d
      where d.fan_id = 'f1' and d.show_event_id in ('e1', 'e2')`,
    // notification.repo.ts page / unread.
    "a fan's notification centre": `select id from alert_deliveries d
      where d.channel = 'in_app' and d.fan_id = 'f1' order by d.id desc limit 20`,
  };
  for (const [name, statement] of Object.entries(lookups)) {
    it(name, async () => {
      expect(await plan(statement)).not.toMatch(/Seq Scan on alert_deliveries/);
    });
  }

  it('the separate event index is gone and the unique key leads with the event', async () => {
    const { rows } = await db.database.pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'alert_deliveries'`,
    );
    const names = rows.map((r) => r.indexname);
    expect(names).not.toContain('alert_deliveries_event_idx');
    expect(rows.find((r) => r.indexname === 'alert_deliveries_once_idx')?.indexdef).toMatch(
      /\(show_event_id, fan_id, channel\)/,
    );
  });
});
