/**
 * `npm run bench:traffic [-- --writes 0,5,20 --fans 200 --connections 50 --duration 10 --rounds 2
 *   --workers child|in|apart --audience N --api-processes 1|2 --port N]`
 *
 * Encore under a mixed workload while it is written to, beside a bare
 * Fastify 5 "hello": bench:api's one-URL rounds, mixed. Starts Encore as `npm start` does with the
 * demo data on a scratch data folder (demo-encore.ts, pg_stat_statements loaded by one restart)
 * and the bare server, on free ports; reads every public page key from the demo database and signs
 * in N demo fans (traffic-world.ts); learns what a miss of each kind of page costs on a cold pass
 * (traffic-cold.ts). Then, for each write rate, interleaved rounds: bare, a public round (every
 * key, anonymous, each connection in its own random order), bare, a signed-in round (each fan's
 * Your Alerts, fan dashboard and notification centre), while the writer (traffic-writer.ts) writes
 * at that rate as fans, performers and venues. Per round: req/s, p50, p99, errors, the ratio to
 * bare, the cache hit rate, SQL statements and Node + Postgres CPU per request (the writes' own
 * cost included), writes done / refused / failed, and Encore's event loop delay and GC time from
 * its /metrics (loop-meter.ts: a p99 made by stalls or by queueing). After each round, the same
 * mix and writes sent at the goal's rate (public 20%, signed-in 10% of that round's bare rate)
 * rather than as fast as answered: its p99 is an answer's time below saturation, where the
 * saturating round's p99 is mostly its 50 connections' queue; beside it, how many requests
 * Fastify answered meanwhile (the misses) and how many took over 50 ms by Encore's own clock
 * (served-meter.ts), which tells Encore's time from the client's (see `load`). Last, Encore
 * restarted with PAGE_CACHES=off: each kind of page alone, warm, for what a page costs without
 * the cache (traffic-uncached.ts). `--workers`: where the alert workers run, so the rounds say
 * what the announcements' matching and delivery cost the API's event loop: `child`, the default,
 * as `npm start` runs them (WORKERS=on: a child process of the API, decision 066); `in`, inside the
 * API's process (WORKERS=in-process, `npm start` before decision 066); `apart`, `npm run worker`
 * beside an API with WORKERS=off, as a deployment of several processes runs them. With `child`
 * and `apart` each round prints the workers' CPU. `--audience N`: N more fans watch each announcing
 * performer by email (traffic-audience.ts), so an announcement's delivery is a followed artist's.
 * `--api-processes 2`: a second API process (WORKERS=off) on the same database and data
 * folder, each taking half of every round's connections (a balancer that spreads connections, at
 * no cost of its own), as a 2-core host
 * runs one API process a core; the figures are both processes' (the loop's and the paced round's
 * Fastify answers are the first's).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { connectStatementStats, connectSuperuser, MARK, type PgStats } from './api-pg.ts';
import {
  cpuNow,
  findPostmaster,
  nodeChildrenOf,
  type Started,
  startApiProcess,
  startBare,
  startWorker,
} from './api-processes.ts';
import { type Load, loadOf } from './api-report.ts';
import { machine } from './bench-app.ts';
import {
  type DemoEncore,
  loadOptions,
  runThenStop,
  startDemoEncore,
  WORKERS_SETTING,
  type WorkersMode,
} from './demo-encore.ts';
import { loopMeter } from './loop-meter.ts';
import { servedMeter } from './served-meter.ts';
import { shuffle } from './shuffle.ts';
import { addAudience } from './traffic-audience.ts';
import { type Ask, type ColdKind, coldPass, missMeter } from './traffic-cold.ts';
import {
  coldLines,
  GOALS,
  hostLine,
  type MixedRound,
  type MixKind,
  missLine,
  type PacedLoad,
  pacedLine,
  ROUND_HEADER,
  roundLine,
  summaryLines,
} from './traffic-report.ts';
import { uncachedLines, uncachedRounds } from './traffic-uncached.ts';
import { FAN_PAGES, loadWorld, type PageKind, pageLabel } from './traffic-world.ts';
import { type AnnounceClock, emptyTally, startWriter } from './traffic-writer.ts';

const { values } = parseArgs({
  options: {
    writes: { type: 'string', default: '0,5,20' },
    fans: { type: 'string', default: '200' },
    workers: { type: 'string', default: 'child' },
    audience: { type: 'string', default: '0' },
    'api-processes': { type: 'string', default: '1' },
    ...loadOptions('2'),
  },
});
const rates = values.writes.split(',').map(Number);
const workersMode = values.workers as WorkersMode;
if (!Object.hasOwn(WORKERS_SETTING, workersMode)) {
  throw new Error(`--workers child|in|apart, not ${values.workers}`);
}
const workersApart = workersMode === 'apart';
const apiProcesses = Number(values['api-processes']);
if (apiProcesses !== 1 && apiProcesses !== 2) {
  throw new Error(`--api-processes 1|2, not ${values['api-processes']}`);
}
const connections = Number(values.connections);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const IDLE_MS = 15_000;
const TOP_STATEMENTS = 5;
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** CLOCK_MONOTONIC in seconds, as V8 stamps its CPU profiles (bench:stalls). */
const monotonicSeconds = () => (Number(process.hrtime.bigint() / 1000n) / 1e6).toFixed(2);

console.log(`bench:traffic — machine: ${machine()}, Node ${process.version}`);
console.log(
  `autocannon ${connections} connections × ${duration} s; per write rate (${rates.join(', ')} writes/s) ${rounds} rounds of: bare, public mix, bare, signed-in mix (${values.fans} fans); Accept-Encoding: ${ACCEPT_ENCODING}`,
);

let encore: DemoEncore | undefined;
let bare: Started | undefined;
let worker: Started | undefined;
let secondApi: Started | undefined;
await runThenStop(main, async () => {
  await bare?.stop();
  await worker?.stop();
  await secondApi?.stop();
  await encore?.stop();
});

async function main() {
  // Its /metrics on base + 3: the event loop's delay and GC per round (loop-meter.ts).
  // With --workers apart, the worker's /metrics on base + 4 (its readiness); a second API process
  // on base + 5, its /metrics on base + 6.
  encore = await startDemoEncore('traffic', values.port, {
    span: 7,
    pgOffset: 2,
    env: (base) => ({ METRICS_PORT: String(base + 3), WORKERS: WORKERS_SETTING[workersMode] }),
  });
  const { dataDir, pgPort, url } = encore;
  if (workersApart) worker = await startWorker(encore.port + 4, pgPort, dataDir, url);
  if (apiProcesses === 2) {
    secondApi = await startApiProcess(encore.port + 5, encore.port + 6, pgPort, dataDir, url);
  }
  // Where the rounds' connections go: each process takes its share (load's split).
  const readUrls = secondApi ? [url, secondApi.url] : [url];
  const loop = loopMeter(`http://127.0.0.1:${encore.port + 3}/metrics`);
  const served = servedMeter(`http://127.0.0.1:${encore.port + 3}/metrics`);
  // The misses are counted by statement: pg_stat_statements is loaded.
  const pgStats = await connectStatementStats(encore);
  bare = await startBare(encore.port + 1);
  const server = encore.server();
  const pids = { encore: server.child.pid as number, postmaster: findPostmaster(dataDir) };
  // The process whose CPU a round reports as the workers': `npm run worker`, or the API's child.
  const workerPid = () =>
    worker?.child.pid ?? (workersMode === 'child' ? nodeChildrenOf(pids.encore)[0] : undefined);
  const where = {
    child: () => `workers in a child process: pid ${workerPid()}`,
    in: () => 'workers in its process',
    apart: () => `workers apart: pid ${worker?.child.pid}`,
  }[workersMode];
  const db = await connectSuperuser(dataDir, pgPort);
  const world = await loadWorld(db, url, Number(values.fans));
  const audience = Number(values.audience);
  await addAudience(
    db,
    world.performers.map((p) => p.id),
    audience,
  );
  if (audience > 0) {
    console.log(
      `audience: ${audience} more fans watch each of the ${world.performers.length} announcing performers by email`,
    );
  }
  const keyCount = Object.values(world.pages).reduce((n, p) => n + p.length, 0);
  console.log(
    `Encore pid ${pids.encore} at ${url} (demo data, ${where()}, rate limits lifted${secondApi ? `; a second API process, pid ${secondApi.child.pid}, at ${secondApi.url}` : ''}), Postgres pid ${pids.postmaster} (the worker's statements too); bare Fastify at ${bare.url}`,
  );
  console.log(
    `public keys: ${keyCount} (${Object.entries(world.pages)
      .map(([kind, paths]) => `${paths.length} ${kind}`)
      .join(
        ', ',
      )}); ${world.fans.length} fans signed in; writers: ${world.performers.length} performers, ${world.venues.length} venues\n`,
  );

  // Node's CPU is every API process's; Postgres' is every backend's.
  const apiCpu = () => {
    const cpu = cpuNow(pids.encore, pids.postmaster);
    if (secondApi) cpu.node += cpuNow(secondApi.child.pid as number, pids.postmaster).node;
    return cpu;
  };
  const idle = await measureIdle(apiCpu, pgStats);
  console.log(
    `idle background (no requests, ${IDLE_MS / 1000} s): Node ${(idle.node * 1000).toFixed(1)} ms/s, Postgres ${(idle.pg * 1000).toFixed(1)} ms/s, ${(idle.statements * 1000).toFixed(1)} statements/s: subtracted from the figures below\n`,
  );

  // Each fan's session seen once, so the cold pass counts the pages' statements, not sign-in's.
  for (const fan of world.fans) {
    await (
      await fetch(new URL('/api/account/session', url), { headers: { cookie: fan.cookie } })
    ).text();
  }
  // Every public page dropped, as a commit's notice naming no table does.
  await db.query(`${MARK} SELECT pg_notify('encore_public_changed', '')`);
  await new Promise((r) => setTimeout(r, 500));
  const cold: Record<MixKind, ColdKind[]> = { public: [], 'signed-in': [] };
  for (const [kind, paths] of Object.entries(world.pages) as [PageKind, string[]][]) {
    const asks = paths.map((path) => ({ path, headers: {} }));
    cold.public.push(await coldPass(url, pageLabel(kind), asks, pgStats, pids, idle));
  }
  for (const [label, path] of FAN_PAGES) {
    const asks = world.fans.map((fan) => ({ path, headers: { cookie: fan.cookie } }));
    cold['signed-in'].push(await coldPass(url, label, asks, pgStats, pids, idle));
  }
  await db.end();
  const allCold = [...cold.public, ...cold['signed-in']];
  console.log('cold pass (every key once, caches empty): what a miss costs');
  for (const line of coldLines(allCold)) console.log(line);
  const meter = missMeter(allCold, idle.background);
  // Each kind's signature named by its text's start: a reader can check it is the page's own.
  const textOf = (id: string) =>
    (allCold.find((k) => k.texts.has(id))?.texts.get(id) ?? '?').replace(/\s+/g, ' ').slice(0, 70);
  console.log('misses counted by');
  for (const k of meter.kinds) {
    const what = k.shared
      ? `its ${k.signature.length} statements (none its own: overstated)`
      : `its own statement: ${textOf(k.signature[0] as string)}`;
    console.log(`  ${k.label}: ${k.callsPerMiss.toFixed(2)} call(s) a miss of ${what}`);
  }
  console.log('');

  const asks = {
    public: cold.public.flatMap((k) => k.asks),
    'signed-in': cold['signed-in'].flatMap((k) => k.asks),
  } satisfies Record<MixKind, Ask[]>;
  const keys = {
    public: new Map(cold.public.map((k) => [k.label, k.asks.length])),
    'signed-in': new Map(cold['signed-in'].map((k) => [k.label, k.asks.length])),
  } satisfies Record<MixKind, Map<string, number>>;
  const all: MixedRound[] = [];
  for (const rate of rates) {
    console.log(`— ${rate} writes/s —`);
    console.log(ROUND_HEADER);
    const measured: MixedRound[] = [];
    // One announcement a minute of writing in each series (public, signed-in), the first at once.
    const clocks = {
      public: { writingMs: 0, announced: 0 },
      'signed-in': { writingMs: 0, announced: 0 },
    } satisfies Record<MixKind, AnnounceClock>;
    for (let round = 0; round < rounds; round++) {
      for (const kind of ['public', 'signed-in'] as const) {
        const bareLoad = await load(`${bare.url}/`, [{ path: '/', headers: {} }]);
        const result = await mixedRound(kind, rate, asks[kind], bareLoad, clocks[kind]);
        measured.push(result);
        console.log(roundLine(round, result));
        console.log(missLine(result, keys[kind]));
        if (result.workerMsPerS !== undefined) {
          console.log(
            `         workers (${workersMode}): ${result.workerMsPerS.toFixed(0)} ms of CPU a second`,
          );
        }
        // A failed write is the server's to explain: its own log says why (LOG_LEVEL warn).
        if (result.writes.failed.size > 0) {
          console.log(`         Encore's log, last lines:\n${server.output().trim().slice(-1500)}`);
        }
        // Where a round's time goes: its most run statements (the last round at each write rate).
        if (round === rounds - 1 && rate > 0) {
          const requests = Math.max(1, result.encore.sent);
          for (const s of await pgStats.topStatements(TOP_STATEMENTS)) {
            console.log(
              `         ${(s.calls / requests).toFixed(2).padStart(5)}/req × ${s.meanMs.toFixed(2).padStart(5)} + ${s.planMs.toFixed(2)} ms  ${s.query.slice(0, 90)}`,
            );
          }
        }
        result.paced = await pacedRound(kind, rate, asks[kind], bareLoad, clocks[kind]);
        console.log(pacedLine(result));
      }
    }
    for (const line of summaryLines(rate, measured)) console.log(line);
    console.log(hostLine(measured));
    console.log('');
    all.push(...measured);
  }
  // Last, the same pages without the caches: Encore restarted with PAGE_CACHES=off, same data.
  await pgStats.close();
  await encore.restart({ PAGE_CACHES: 'off' });
  const off = { encore: encore.server().child.pid as number, postmaster: findPostmaster(dataDir) };
  const uncached = await uncachedRounds([...cold.public, ...cold['signed-in']], {
    load: (list) => load(url, list),
    cpu: () => cpuNow(off.encore, off.postmaster),
    idle,
  });
  for (const line of uncachedLines(uncached)) console.log(line);
  console.log(hostLine(all));

  async function mixedRound(
    kind: MixKind,
    rate: number,
    list: Ask[],
    bareLoad: Load,
    clock: AnnounceClock,
  ): Promise<MixedRound> {
    await pgStats.resetStatements();
    const cpuBefore = apiCpu();
    const workerAt = workerPid();
    const workerBefore = workerAt && cpuNow(workerAt, pids.postmaster).node;
    const pgBefore = await pgStats.counters();
    const startedAt = Date.now();
    const clockAt = monotonicSeconds();
    const writes = emptyTally();
    await loop.start();
    const writer = startWriter(url, world, rate, writes, clock);
    const encoreLoad = await loadSplit(readUrls, list);
    // With BENCH_CPU_PROF: the round's span on the profile's clock, for bench:stalls --from/--to.
    if (process.env.BENCH_CPU_PROF) {
      console.log(
        `         ${kind} round on the profile clock: --from ${clockAt} --to ${monotonicSeconds()}`,
      );
    }
    const loopFigures = await loop.end();
    await writer.stop();
    // The requests in flight when autocannon stops are served all the same: wait, and count them.
    await new Promise((r) => setTimeout(r, Math.min(5000, Math.max(500, encoreLoad.p99 * 2))));
    const took = Date.now() - startedAt;
    const cpuAfter = apiCpu();
    const workerAfter = workerAt && cpuNow(workerAt, pids.postmaster).node;
    const pgAfter = await pgStats.counters();
    const requests = Math.max(1, encoreLoad.sent);
    const missesByKind = meter.misses(await pgStats.callsByStatement());
    const misses = [...missesByKind.values()].reduce((a, b) => a + b, 0);
    return {
      kind,
      rate,
      bare: bareLoad,
      encore: encoreLoad,
      missesByKind,
      missRate: Math.min(1, misses / requests),
      statementsPerReq:
        (pgAfter.statements - pgBefore.statements - idle.statements * took) / requests,
      nodeMsPerReq: (cpuAfter.node - cpuBefore.node - idle.node * took) / requests,
      pgMsPerReq: (cpuAfter.pg - cpuBefore.pg - idle.pg * took) / requests,
      writes,
      loop: loopFigures,
      ...(workerBefore !== undefined &&
        workerAfter !== undefined && {
          workerMsPerS: ((workerAfter - workerBefore) * 1000) / took,
        }),
    } satisfies MixedRound;
  }

  /**
   * The same mix and writes, the requests sent at the goal's rate (GOALS.ratio of this round's bare
   * rate) instead of as fast as answered: the latency a user meets at that load. A saturating round's
   * p99 is its queue (50 connections waiting on one event loop: ~50 ÷ req/s at the least), which
   * says how far the host is from its limit, not how long an answer takes below it. autocannon
   * corrects for coordinated omission: a late answer counts from when its request was due.
   */
  async function pacedRound(
    kind: MixKind,
    rate: number,
    list: Ask[],
    bareLoad: Load,
    clock: AnnounceClock,
  ): Promise<PacedLoad> {
    const target = Math.max(1, Math.round(bareLoad.reqPerSec * GOALS.ratio[kind]));
    const writes = emptyTally();
    const clockAt = monotonicSeconds();
    const writer = startWriter(url, world, rate, writes, clock);
    await served.start();
    const paced = await loadSplit(readUrls, list, target);
    const answered = await served.end();
    if (process.env.BENCH_CPU_PROF) {
      console.log(
        `         paced round on the profile clock: --from ${clockAt} --to ${monotonicSeconds()}`,
      );
    }
    await writer.stop();
    const failed = [...writes.failed.values()].reduce((a, b) => a + b, 0);
    return { ...paced, targetPerSec: target, writesFailed: failed, served: answered };
  }
}

/** Per ms with no request: CPU (ms) of Node and Postgres, statements; and which statements. */
async function measureIdle(cpuOf: () => { node: number; pg: number }, pgStats: PgStats) {
  await pgStats.resetStatements();
  const cpu = cpuOf();
  const pg = await pgStats.counters();
  const startedAt = Date.now();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const took = Date.now() - startedAt;
  const cpuAfter = cpuOf();
  const pgAfter = await pgStats.counters();
  return {
    node: (cpuAfter.node - cpu.node) / took,
    pg: (cpuAfter.pg - cpu.pg) / took,
    statements: (pgAfter.statements - pg.statements) / took,
    background: new Set((await pgStats.callsByStatement()).keys()),
  };
}

/**
 * `load` over several API processes at once, each given its share of the connections (and of
 * `overallRate`): served and sent add up, p50 and p99 are the worst process's.
 */
async function loadSplit(urls: string[], list: Ask[], overallRate?: number): Promise<Load> {
  if (urls.length === 1) return load(urls[0] as string, list, overallRate);
  const share = (n: number) => Math.max(1, Math.round(n / urls.length));
  const loads = await Promise.all(
    urls.map((u) =>
      load(u, list, overallRate === undefined ? undefined : share(overallRate), share(connections)),
    ),
  );
  const add = (pick: (l: Load) => number) => loads.reduce((n, l) => n + pick(l), 0);
  return {
    reqPerSec: add((l) => l.reqPerSec),
    p50: Math.max(...loads.map((l) => l.p50)),
    p99: Math.max(...loads.map((l) => l.p99)),
    requests: add((l) => l.requests),
    sent: add((l) => l.sent),
    errors: add((l) => l.errors),
  };
}

/**
 * autocannon over `list`: each connection walks the whole list in its own random order; as fast
 * as answered, or `overallRate` requests a second in all.
 *
 * Paced, each connection is given ONE request that takes the next key of its walk as it is sent
 * (`setupRequest`), not the list: autocannon's rate limit over a list of requests answers ~10%
 * more than asked and puts a ~0.5-s tail on any server — bare Fastify paced so at 2,500 and 5,000
 * req/s read p99 421–561 ms, p50 0 ms, where one walking request read p99 6–8 ms (2026-12-01).
 * As fast as answered the list is kept: its p99 is not affected (bare 3 ms), and it costs the
 * client less (bare 29.5k req/s against 23.4k), so the rounds' ratios stay comparable.
 */
async function load(
  url: string,
  list: Ask[],
  overallRate?: number,
  connectionCount = connections,
): Promise<Load> {
  const requests = list.map((a) => ({ method: 'GET' as const, path: a.path, headers: a.headers }));
  const result = await autocannon({
    url,
    connections: connectionCount,
    duration,
    ...(overallRate !== undefined && { overallRate }),
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    setupClient: (client) =>
      client.setRequests(overallRate === undefined ? shuffle(requests) : [walking(requests)]),
  });
  return loadOf(result);
}

type Walked = { method: 'GET'; path: string; headers: Record<string, string> };

/** One request that is each of `requests` in turn, in its own random order, as it is sent. */
function walking(requests: Walked[]) {
  const order = shuffle(requests);
  let next = 0;
  return {
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request) => {
      const ask = order[next++ % order.length] as Walked;
      return {
        ...request,
        path: ask.path,
        headers: { ...request.headers, 'accept-encoding': ACCEPT_ENCODING, ...ask.headers },
      };
    },
  };
}
