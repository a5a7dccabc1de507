/**
 * `npm run bench:dispatch [-- --push 100000 --email 50000 --sms 5000 --port 5100 --worker push --each --warmup 2000]`
 *
 * Alert dispatch alone, without the matcher's million-fan world: a scratch embedded Postgres
 * with a small generated world, push subscriptions pointing at the local push sink, and the
 * outbox rows of one (already matched) show event written straight into alert_deliveries. Then
 * the real worker (`src/worker.ts`, configured only by its environment) sends them to the local
 * sinks of bench:fanout (fanout-sink.ts, each its own process). Prints each channel's send rate
 * at its sink, each process's CPU time and peak memory, and worker and Postgres CPU per message
 * per channel.
 *
 * `--worker CHANNELS` (repeatable) starts one worker per option with ALERT_CHANNELS=CHANNELS;
 * none starts one worker with the environment as given (all channels, or the bench's own
 * ALERT_CHANNELS / WORKER_* variables, passed through).
 *
 * Each phase first sends `--warmup` rows per channel (default 2,000) of another event, not
 * counted: a deployed worker runs for days, so what matters is a message's steady cost, not a
 * fresh process's compiling and connecting.
 *
 * `--each` runs phases one after another on the same world: each channel alone (its own worker),
 * then all three at once (one worker per channel unless `--worker` says otherwise), and ends with
 * a table of worker and Postgres CPU per message per channel: the issue's goals' figures, judged
 * against the goals (push ≤ 0.2 ms, email ≤ 0.25 ms of worker CPU a message, on a slow host) next
 * to the host's speed (host-speed.ts).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { benchPlace } from './bench-place.ts';
import { benchPorts, loadAverage, machineLine, startBenchSinks } from './bench-sinks.ts';
import {
  CHANNELS,
  type ChannelFigure,
  type Phase,
  printFigures,
  runPhase,
} from './dispatch-phase.ts';
import { seedDispatchWorld } from './dispatch-setup.ts';
import { killChildrenNow, stopAllChildren } from './fanout-processes.ts';
import { measureHostSpeed, verdict } from './host-speed.ts';

const { values } = parseArgs({
  options: {
    push: { type: 'string', default: '100000' },
    email: { type: 'string', default: '50000' },
    sms: { type: 'string', default: '5000' },
    /** Postgres' port, the sinks on the next three; free ones by default. */
    port: { type: 'string' },
    worker: { type: 'string', multiple: true, default: [] },
    /** Rows per channel sent first and not counted, so a fresh worker's compiling is not. */
    warmup: { type: 'string', default: '2000' },
    /** Each channel alone, then all together. */
    each: { type: 'boolean', default: false },
    /** Writes each worker's CPU profile (node --cpu-prof) into this folder. */
    prof: { type: 'string' },
  },
});
/** The delivery goals: worker CPU per message, on a slow host (docs/performance.md). */
const WORKER_MS_GOALS: Partial<Record<(typeof CHANNELS)[number], number>> = {
  push: 0.2,
  email: 0.25,
};
const counts = { push: Number(values.push), email: Number(values.email), sms: Number(values.sms) };
const { port, dataDir } = await benchPlace('dispatch', values.port, 4);
const ports = benchPorts(port);

const none = { push: 0, email: 0, sms: 0 };
const together: Phase = {
  name: 'all at once',
  counts,
  workers: values.worker.length > 0 ? values.worker : values.each ? [...CHANNELS] : [undefined],
};
const phases: Phase[] = values.each
  ? [
      ...CHANNELS.filter((c) => counts[c] > 0).map((c) => ({
        name: `${c} alone`,
        counts: { ...none, [c]: counts[c] },
        workers: [c],
      })),
      together,
    ]
  : [together];

rmSync(dataDir, { recursive: true, force: true });
console.log(machineLine());
// The host's speed first, before Postgres starts and the world is written: then the two cores
// are the host's, not shared with this bench's own database and sinks (host-speed.ts).
const host = await measureHostSpeed();
console.log(host.line);

let stopPostgres = async () => {};
const cleanUp = async () => {
  await stopAllChildren();
  await stopPostgres().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.once('exit', () => killChildrenNow());

try {
  const postgres = await startEmbeddedPostgres({ dataDir, port: ports.postgres });
  stopPostgres = postgres.stop;
  const database = createDatabase(postgres.connectionString);
  try {
    await runMigrations(database);
    const fans = Math.max(counts.push, counts.email, counts.sms, 1_000);
    const pushBase = `https://127.0.0.1:${ports.push}/push/`;
    await seedDispatchWorld(database.pool, fans, counts.sms, pushBase);
    const { sinks, workerEnv } = await startBenchSinks(dataDir, ports);
    const context = {
      pool: database.pool,
      env: workerEnv(postgres.connectionString),
      sinks,
      postmaster: readPostmasterPid(join(dataDir, 'postgres')) ?? -1,
      prof: values.prof,
      load: loadAverage,
      warmup: Number(values.warmup),
    };
    const figures: ChannelFigure[] = [];
    for (const [index, phase] of phases.entries()) {
      figures.push(...(await runPhase(context, phase, index)));
      // What the phase's plans and Postgres' background work did to the tables it read: a
      // sequential scan of a fan table in dispatch is a bad plan (docs/performance.md).
      const { rows } = await database.pool.query(
        `select relname, seq_scan, idx_scan, n_tup_upd, autovacuum_count, autoanalyze_count
         from pg_stat_user_tables
         where relname in ('alert_deliveries', 'fan_profiles', 'user', 'push_subscriptions')
         order by relname`,
      );
      console.log(`  tables after ${phase.name}: ${rows.map((r) => JSON.stringify(r)).join(' ')}`);
    }
    printFigures(figures);
    for (const f of figures) {
      const goal = WORKER_MS_GOALS[f.channel];
      if (goal === undefined || f.workerMs === undefined) continue;
      console.log(
        `Goal ${f.channel} ≤ ${goal} ms of worker CPU a message (${f.phase}): ${verdict(f.workerMs <= goal, host)} (${f.workerMs.toFixed(3)} ms)`,
      );
    }
    console.log(host.line);
    console.log(`(load average at the end ${loadAverage()})`);
  } finally {
    await database.close();
  }
} finally {
  await cleanUp();
}
