import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/test-app.ts';

/**
 * The outbox has no primary key (decision 059): outbound rows are found by their partial natural
 * key, event first, in-app rows by the centre's (fan, id) key or, an event's all at once, by the
 * BRIN index on the id. Each lookup must still find an index. With sequential scans disabled the
 * planner still picks one when no index fits, so a plan without "Seq Scan on alert_deliveries"
 * proves an index serves it.
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
    // match-audience.repo.ts: a move reaches every fan an earlier alert of the show reached.
    "an earlier alert's fans in a range": `select d.fan_id from show_events o
      join alert_deliveries d on d.notification_id = o.notification_id and d.channel = 'in_app'
      where o.show_id = 's1' and o.id <> 'e1' and d.fan_id >= 'a' and d.fan_id < 'm'`,
    // migration 0057: a deleted event's rows, outbound by their key, in-app by the event's id.
    "a deleted event's outbound rows": `delete from alert_deliveries d
      using (values ('e1')) gone(id) where d.show_event_id = gone.id and d.channel <> 'in_app'`,
    "a deleted event's in-app rows": `delete from alert_deliveries d
      where d.channel = 'in_app' and d.notification_id = 5`,
    // migration 0028: a deleted fan's rows, in-app then outbound.
    "a deleted fan's in-app rows": `delete from alert_deliveries d
      using (values ('f1')) gone(id) where d.fan_id = gone.id and d.channel = 'in_app'`,
    "a deleted fan's outbound rows": `delete from alert_deliveries d
      using (values ('f1')) gone(id) where d.fan_id = gone.id and d.channel <> 'in_app'`,
    // notification.repo.ts ofEvent: the live stream's rows of one event.
    "an event's in-app rows for some fans": `select notification_id from alert_deliveries d
      where d.channel = 'in_app' and d.fan_id = any(array['f1','f2']) and d.notification_id = 5`,
    // match-audience.repo.ts: a support act's watchers the show has reached already.
    "a fan's alerts of some events": `select 1 from alert_deliveries d
      where d.fan_id = 'f1' and d.channel = 'in_app' and d.notification_id in (1, 2)`,
    // notification.repo.ts: an alert's channels waiting for the digest, beside its in-app row.
    "an alert's held channels": `select x.channel from alert_deliveries x
      where x.show_event_id = 'e1' and x.fan_id = 'f1' and x.channel <> 'in_app'
        and x.digest and x.state = 'pending' and x.carrier_event_id is null`,
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
      where d.show_event_id = u.event_id and d.fan_id = u.fan_id and d.channel = u.channel
        and d.channel <> 'in_app'`,
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

  it('one index entry a row: the outbound key and the in-app key are partial, no primary key', async () => {
    const { rows } = await db.database.pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'alert_deliveries'`,
    );
    const def = (name: string) => rows.find((r) => r.indexname === name)?.indexdef;
    const names = rows.map((r) => r.indexname);
    expect(names).not.toContain('alert_deliveries_pkey');
    expect(names).not.toContain('alert_deliveries_in_app_idx');
    expect(def('alert_deliveries_outbound_key')).toMatch(
      /UNIQUE INDEX .*\(show_event_id, fan_id, channel\) WHERE \(channel <> 'in_app'/,
    );
    expect(def('alert_deliveries_in_app_key')).toMatch(
      /UNIQUE INDEX .*\(fan_id, notification_id\) WHERE \(channel = 'in_app'/,
    );
    expect(def('alert_deliveries_notification_brin')).toMatch(/USING brin \(notification_id\)/);
    // Every other index leaves in-app rows out: an in-app row is one entry of the in-app key.
    const others = rows.filter(
      (r) =>
        !['alert_deliveries_in_app_key', 'alert_deliveries_notification_brin'].includes(
          r.indexname,
        ),
    );
    for (const r of others) expect(r.indexdef).toMatch(/WHERE/);
    const { rows: columns } = await db.database.pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'alert_deliveries'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('id');
  });
});
