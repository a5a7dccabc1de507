import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/test-app.ts';

/**
 * The outbox's key leads with the event (migrations 0028, 0031), so each lookup by event, by
 * fan or by the natural key must still find an index. With sequential scans disabled the planner still picks one
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
    "an event's in-app rows for some fans": `select notification_id from alert_deliveries d
      where d.channel = 'in_app' and d.show_event_id = 'e1' and d.fan_id = any(array['f1','f2'])`,
    // match-audience.repo.ts: a support act's watchers the show has reached already.
    "a fan's rows of some events": `select 1 from alert_deliveries d
      where d.fan_id = 'f1' and d.show_event_id in ('e1', 'e2')`,
    // notification.repo.ts page / unread.
    "a fan's notification centre": `select notification_id from alert_deliveries d
      where d.channel = 'in_app' and d.fan_id = 'f1' order by d.notification_id desc limit 20`,
    "the stream's catch-up after an id": `select notification_id from alert_deliveries d
      where d.channel = 'in_app' and d.fan_id = any(array['f1','f2']) and d.notification_id > 5`,
    'mark-read by ids': `update alert_deliveries set read_at = now() where fan_id = 'f1'
      and channel = 'in_app' and read_at is null and notification_id = any(array[1, 2]::bigint[])`,
    // outbox.repo.ts: the claim's and the outcome write's rows, by their natural key (decision 028).
    'a claimed or recorded row by its key': `update alert_deliveries d set attempts = 1
      from unnest(array['e1'], array['f1'], array['email']) u(event_id, fan_id, channel)
      where d.show_event_id = u.event_id and d.fan_id = u.fan_id and d.channel = u.channel`,
    // A carrier's riders: its message's shows, its outcome, its deletion (migration 0031).
    "a digest carrier's riders": `select 1 from alert_deliveries x
      where x.carrier_event_id is not null and x.fan_id = 'f1' and x.channel = 'email'
        and x.carrier_event_id = 'e1'`,
  };
  for (const [name, statement] of Object.entries(lookups)) {
    it(name, async () => {
      expect(await plan(statement)).not.toMatch(/Seq Scan on alert_deliveries/);
    });
  }

  it('the separate event index is gone and the primary key is the natural key, event first', async () => {
    const { rows } = await db.database.pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'alert_deliveries'`,
    );
    const names = rows.map((r) => r.indexname);
    expect(names).not.toContain('alert_deliveries_event_idx');
    expect(names).not.toContain('alert_deliveries_once_idx');
    expect(rows.find((r) => r.indexname === 'alert_deliveries_pkey')?.indexdef).toMatch(
      /UNIQUE INDEX .*\(show_event_id, fan_id, channel\)/,
    );
    const { rows: columns } = await db.database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'alert_deliveries'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('id');
  });
});
