/**
 * `npm run bench:dispatch [-- --push 100000 --email 50000 --sms 5000 --port 5100 --worker push]`
 *
 * Alert dispatch alone, without the matcher's million-fan world: a scratch embedded Postgres
 * with a small generated world, push subscriptions pointing at the local push sink, and the
 * outbox rows of one (already matched) show event written straight into alert_deliveries. Then
 * the real worker (`src/worker.ts`, configured only by its environment) sends them to the local
 * sinks of bench:fanout (fanout-sink.ts, each its own process). Prints each channel's send rate
 * at its sink, and each process's CPU time and peak memory.
 *
 * `--worker CHANNELS` (repeatable) starts one worker per option with ALERT_CHANNELS=CHANNELS;
 * none starts one worker with the environment as given (all channels, or the bench's own
 * ALERT_CHANNELS / WORKER_* variables, passed through).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { benchPlace } from './bench-place.ts';
import { benchPorts, loadAverage, machineLine, startBenchSinks } from './bench-sinks.ts';
import { seedDispatchWorld, writeDeliveries } from './dispatch-setup.ts';
import {
  cpuSeconds,
  killChildrenNow,
  peakRssKb,
  postgresCpuSeconds,
  processTree,
  sinkReport,
  startWorker,
  stopAllChildren,
} from './fanout-processes.ts';

const { values } = parseArgs({
  options: {
    push: { type: 'string', default: '100000' },
    email: { type: 'string', default: '50000' },
    sms: { type: 'string', default: '5000' },
    /** Postgres' port, the sinks on the next three; free ones by default. */
    port: { type: 'string' },
    worker: { type: 'string', multiple: true, default: [] },
    /** Writes each worker's CPU profile (node --cpu-prof) into this folder. */
    prof: { type: 'string' },
  },
});
const counts = { push: Number(values.push), email: Number(values.email), sms: Number(values.sms) };
const { port, dataDir } = await benchPlace('dispatch', values.port, 4);
const ports = benchPorts(port);
const load = loadAverage;

rmSync(dataDir, { recursive: true, force: true });
console.log(machineLine());

let stopPostgres = async () => {};
const cleanUp = async () => {
  await stopAllChildren();
  await stopPostgres().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.once('exit', () => killChildrenNow());

/** 'worker 123', with its channels when it is a per-channel child, or its program (esbuild). */
function label(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!command[0]?.endsWith('node')) return `${command[0]?.split('/').pop()} ${pid}`;
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const channels = environment.find((v) => v.startsWith('ALERT_CHANNELS='))?.slice(15);
    return `worker ${pid}${channels ? ` (${channels})` : ''}`;
  } catch {
    return `process ${pid}`;
  }
}
const mib = (kb: number) => `${Math.round(kb / 1024)} MiB`;

try {
  const postgres = await startEmbeddedPostgres({ dataDir, port: ports.postgres });
  stopPostgres = postgres.stop;
  const database = createDatabase(postgres.connectionString);
  try {
    await runMigrations(database);
    const fans = Math.max(counts.push, counts.email, counts.sms, 1_000);
    const pushBase = `https://127.0.0.1:${ports.push}/push/`;
    const eventId = await seedDispatchWorld(database.pool, fans, counts.sms, pushBase);

    const { sinks, workerEnv } = await startBenchSinks(dataDir, ports);
    const env = workerEnv(postgres.connectionString);
    const layouts = values.worker.length > 0 ? values.worker : [undefined];
    const workers: ChildProcess[] = [];
    for (const channels of layouts) {
      const nodeArgs = values.prof ? ['--cpu-prof', `--cpu-prof-dir=${values.prof}`] : [];
      workers.push(
        await startWorker(channels ? { ...env, ALERT_CHANNELS: channels } : env, nodeArgs),
      );
    }
    // Let the workers settle (their first claims find nothing) before the rows appear.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const postmaster = readPostmasterPid(join(dataDir, 'postgres')) ?? -1;
    const pids = () => workers.flatMap((w) => processTree(w.pid));
    const cpu = (): Record<string, number> => ({
      ...Object.fromEntries(pids().map((pid) => [label(pid), cpuSeconds(pid)])),
      Postgres: postgresCpuSeconds(postmaster),
      'push sink': cpuSeconds(sinks.push.pid),
      'email sink': cpuSeconds(sinks.email.pid),
      'sms sink': cpuSeconds(sinks.sms.pid),
    });

    console.log(`\nWriting the outbox rows (load average ${load()})...`);
    const before = cpu();
    const t0 = performance.now();
    await writeDeliveries(database.pool, eventId, counts);
    const pending = async () =>
      Number(
        (
          await database.pool.query(
            `select count(*) as n from alert_deliveries
             where state = 'pending' and channel <> 'in_app'`,
          )
        ).rows[0].n,
      );
    const deadline = Date.now() + 5 * 60_000;
    while ((await pending()) > 0) {
      if (Date.now() > deadline) throw new Error('dispatch did not finish within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const wall = (performance.now() - t0) / 1000;
    const after = cpu();
    const memory = Object.fromEntries(pids().map((pid) => [label(pid), peakRssKb(pid)]));
    const { rows: states } = await database.pool.query<{
      channel: string;
      state: string;
      n: string;
    }>(
      `select channel, state, count(*) as n from alert_deliveries
       where channel <> 'in_app' group by 1, 2 order by 1, 2`,
    );

    console.log(`\nDone in ${wall.toFixed(1)} s (load average ${load()})`);
    console.log(
      `outbox: ${states.map((r) => `${r.channel} ${r.state} ${Number(r.n).toLocaleString('en-US')}`).join(', ')}`,
    );
    let messages = 0;
    for (const [name, sink] of Object.entries(sinks)) {
      const r = await sinkReport(sink);
      messages += r.received;
      const span = r.first && r.last ? (r.last - r.first) / 1000 : Number.NaN;
      console.log(
        `${name.padEnd(6)} ${r.received.toLocaleString('en-US').padStart(8)} messages in ${span.toFixed(1)} s → ${Math.round(r.received / span).toLocaleString('en-US')}/s (sink peak ${mib(r.maxRssKb)})`,
      );
    }
    console.log("\nCPU seconds from the rows' commit to the last send, and peak memory:");
    for (const [name, s] of Object.entries(after)) {
      const used = s - (before[name] ?? 0);
      const peak = memory[name] ? `, peak ${mib(memory[name])}` : '';
      console.log(`  ${name.padEnd(26)} ${used.toFixed(1).padStart(6)} s${peak}`);
    }
    const workerCpu = Object.keys(memory).reduce(
      (sum, name) => sum + (after[name] ?? 0) - (before[name] ?? 0),
      0,
    );
    console.log(
      `  workers: ${((workerCpu / messages) * 1000).toFixed(3)} ms CPU per message (all channels)`,
    );
  } finally {
    await database.close();
  }
} finally {
  await cleanUp();
}
