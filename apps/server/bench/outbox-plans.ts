/**
 * `npx tsx apps/server/bench/outbox-plans.ts [--fans 100000 --runs 8 --mode auto]`
 *
 * The plans Postgres gives the dispatch's named prepared statements (the claim and the outcome
 * write, repositories/alerts/outbox.repo.ts) once it has run them a few times: a plan cached
 * after the fifth run may be a generic one, made without the parameters' values. A scratch
 * Postgres with bench:dispatch's world and `--fans` pending push rows (and as many sent rows of
 * an earlier event); then each statement runs `--runs` times on one connection, as a dispatch
 * loop would, under EXPLAIN (ANALYZE) EXECUTE in a rolled-back transaction, printing each run's
 * time and, for the first and last run, the plan. `--mode` sets plan_cache_mode.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
// @ts-expect-error: node-postgres' own converter (arrays to Postgres' text form) has no types.
import { prepareValue } from 'pg/lib/utils.js';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createOutboxRepo } from '../src/repositories/alerts/outbox.repo.ts';
import { benchPlace } from './bench-place.ts';
import { machineLine } from './bench-sinks.ts';
import { newDispatchEvent, seedDispatchWorld, writeDeliveries } from './dispatch-setup.ts';

const { values } = parseArgs({
  options: {
    fans: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '8' },
    mode: { type: 'string', default: 'auto' },
    port: { type: 'string' },
  },
});
const fans = Number(values.fans);
const { port, dataDir } = await benchPlace('outbox-plans', values.port, 1);
rmSync(dataDir, { recursive: true, force: true });
console.log(machineLine());
const postgres = await startEmbeddedPostgres({ dataDir, port });
const database = createDatabase(postgres.connectionString, { max: 2 });
try {
  await runMigrations(database);
  await seedDispatchWorld(database.pool, fans, 0, 'https://127.0.0.1:9/push/');
  const sent = await newDispatchEvent(database.pool, 0);
  await writeDeliveries(database.pool, sent, { push: fans, email: 0, sms: 0 });
  await database.pool.query(`update alert_deliveries set state = 'sent', sent_at = now()`);
  const due = await newDispatchEvent(database.pool, 1);
  await writeDeliveries(database.pool, due, { push: fans, email: 0, sms: 0 });
  await database.pool.query('vacuum analyze alert_deliveries');

  // The statements exactly as the repository sends them: captured from the pool.
  const captured: Array<{ name: string; text: string; values: unknown[] }> = [];
  const realQuery = database.pool.query.bind(database.pool);
  (database.pool as { query: unknown }).query = (config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'name' in config) {
      captured.push(config as { name: string; text: string; values: unknown[] });
    }
    return (realQuery as (...a: unknown[]) => unknown)(config, ...rest);
  };
  const repo = createOutboxRepo(database.orm);
  const claimed = await repo.claimDue('push', 200, 120_000);
  const group = claimed.slice(0, 20);
  await repo.recordOutcomes({
    events: group.map((r) => r.show_event_id),
    fans: group.map((r) => r.fan_id),
    channels: group.map(() => 'push'),
    statuses: group.map(() => 'sent'),
    errors: group.map(() => null),
    delays: group.map(() => 0),
  });
  (database.pool as { query: unknown }).query = realQuery;
  // Pending again, so every explained outcome write below updates its 20 rows.
  await database.pool.query(
    `update alert_deliveries set state = 'pending', sent_at = null, attempts = 0
     where show_event_id = $1 and channel = 'push' and fan_id = any($2::text[])`,
    [due, group.map((r) => r.fan_id)],
  );

  const client = await database.pool.connect();
  try {
    await client.query(`set plan_cache_mode = ${pg.escapeIdentifier(String(values.mode))}`);
    for (const [label, statement] of [
      ['claim', captured[0]],
      ['outcome write', captured[1]],
    ] as const) {
      if (!statement) throw new Error(`${label}: not captured`);
      const args = statement.values
        .map((v) => (v === null ? 'null' : client.escapeLiteral(String(prepareValue(v)))))
        .join(', ');
      console.log(`\n== ${label} (${statement.name}), plan_cache_mode=${values.mode}`);
      for (let run = 1; run <= Number(values.runs); run++) {
        await client.query('begin');
        // Run it as the pool would (a named statement of the protocol), then explain a run.
        await client.query({
          name: statement.name,
          text: statement.text,
          values: statement.values,
        });
        const { rows } = await client.query(
          `explain (analyze, costs, summary) execute ${pg.escapeIdentifier(statement.name)}(${args})`,
        );
        await client.query('rollback');
        const plan = rows.map((r) => r['QUERY PLAN'] as string);
        const time = plan.filter((l) => /Planning Time|Execution Time/.test(l)).join('; ');
        console.log(`run ${run * 2}: ${time}`);
        if (run === 1 || run === Number(values.runs)) console.log(plan.join('\n'));
      }
    }
  } finally {
    client.release();
  }
} finally {
  await database.close();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
