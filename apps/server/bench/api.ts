/**
 * `npm run bench:api [-- --connections 50 --duration 10 --rounds 3 --only artist,alerts --port N
 *   --identity --no-statements]`
 *
 * Encore's API under load beside a bare Fastify 5 "hello". Starts Encore as
 * `npm start` does (building the web app when needed) with the demo data on a scratch data folder,
 * and the bare server, each in its own process on free ports; signs in the demo fan, performer and
 * venue; then for each route runs autocannon in interleaved rounds, bare (A) then Encore (B), and
 * prints per round req/s, p50, p99, errors (non-2xx included), the ratio to bare, and Encore's
 * cost per request: CPU of its Node process and of its Postgres (from /proc), SQL statements
 * (pg_stat_statements, loaded by restarting the scratch Postgres once, unless --no-statements) and
 * transactions (pg_stat_database), and its RSS. Requests ask for compression as a browser does
 * (`--identity` asks for none). `BENCH_CPU_PROF=DIR` writes a V8 CPU profile of Encore's process
 * to DIR (NODE_OPTIONS refuses --cpu-prof). Ends with the host's speed from every bare round, in
 * the other benches' format (host-speed.ts).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { connectStatementStats, type PgStats, TRANSACTION_STATS_LAG_MS } from './api-pg.ts';
import { cpuNow, findPostmaster, memory, type Started, startBare } from './api-processes.ts';
import {
  type Kind,
  type Load,
  loadOf,
  ROUND_HEADER,
  type Round,
  roundLine,
  summaryLines,
} from './api-report.ts';
import {
  type DemoEncore,
  loadOptions,
  runThenStop,
  signInDemo,
  startDemoEncore,
} from './demo-encore.ts';
import { hostSpeedOf, machine } from './host-speed.ts';

const { values } = parseArgs({
  options: {
    ...loadOptions('3'),
    identity: { type: 'boolean', default: false },
    'no-statements': { type: 'boolean', default: false },
    /** Only the routes whose label contains one of these words (comma-separated), e.g. `artist,alerts`. */
    only: { type: 'string' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
/** How long the idle background is measured (declared before main() runs, which uses it). */
const IDLE_MS = 15_000;
const TOP_STATEMENTS = 8;
const acceptEncoding = values.identity ? 'identity' : 'gzip, deflate, br';

console.log(`bench:api — machine: ${machine()}, Node ${process.version}`);
console.log(
  `autocannon ${connections} connections × ${duration} s, ${rounds} interleaved rounds per route (A bare, B Encore); Accept-Encoding: ${acceptEncoding}`,
);

let encore: DemoEncore | undefined;
/** The bare server (Encore is `encore`'s to stop, with its data folder). */
const running: Started[] = [];
await runThenStop(main, async () => {
  for (const server of running.splice(0).reverse()) await server.stop();
  await encore?.stop();
});

async function main() {
  // Encore on the base port, the bare server on +1, Postgres on +2.
  encore = await startDemoEncore('api', values.port, { span: 3, pgOffset: 2 });
  const { dataDir } = encore;
  const pgStats = await connectStatementStats(encore, !values['no-statements']);
  const bare = await startBare(encore.port + 1);
  running.push(bare);
  const encorePid = encore.server().child.pid as number;
  const postmasterPid = findPostmaster(dataDir);
  console.log(
    `Encore pid ${encorePid} at ${encore.url} (demo data, workers on, rate limits lifted), Postgres pid ${postmasterPid}; bare Fastify at ${bare.url}`,
  );
  console.log(
    `SQL statements per request: ${pgStats.statementsTracked ? 'pg_stat_statements (calls, top-level)' : 'not counted (pg_stat_statements not loaded)'}; transactions: pg_stat_database xact_commit + xact_rollback\n`,
  );

  // What Encore does with no request at all (the alert workers poll): subtracted from each round.
  const idle = await measureIdle(encorePid, postmasterPid, pgStats);
  console.log(
    `idle background (no requests, ${IDLE_MS / 1000} s): Node ${(idle.node * 1000).toFixed(1)} ms/s, Postgres ${(idle.pg * 1000).toFixed(1)} ms/s, ${(idle.statements * 1000).toFixed(1)} statements/s, ${(idle.transactions * 1000).toFixed(1)} transactions/s: subtracted from the figures below\n`,
  );

  const routes = await resolveRoutes(encore.url);
  /** Every bare round's req/s: the host's speed, measured between Encore's rounds. */
  const bareRates: number[] = [];
  for (const route of routes) {
    console.log(`${route.label}: GET ${route.path} — ${route.shape}`);
    console.log(ROUND_HEADER);
    const measured: Round[] = [];
    let top: Awaited<ReturnType<PgStats['topStatements']>> = [];
    let pendingTransactions: (() => Promise<void>) | undefined;
    for (let round = 0; round < rounds; round++) {
      const bareLoad = await load(`${bare.url}/`, {});
      bareRates.push(bareLoad.reqPerSec);
      // The previous round's transaction count, now that its backends have reported.
      await pendingTransactions?.();
      await pgStats.resetStatements();
      const cpuBefore = cpuNow(encorePid, postmasterPid);
      const pgBefore = await pgStats.counters();
      const startedAt = Date.now();
      const encoreLoad = await load(`${encore.url}${route.path}`, route.headers);
      // The requests still in flight when autocannon stops (up to one per connection) are served
      // all the same: let them finish, and count them in the cost per request.
      await new Promise((r) => setTimeout(r, Math.min(5000, Math.max(500, encoreLoad.p99 * 2))));
      const endedAt = Date.now();
      const cpuAfter = cpuNow(encorePid, postmasterPid);
      const pgAfter = await pgStats.counters();
      const requests = Math.max(1, encoreLoad.sent);
      const took = endedAt - startedAt;
      const result: Round = {
        bare: bareLoad,
        encore: encoreLoad,
        nodeMsPerReq: (cpuAfter.node - cpuBefore.node - idle.node * took) / requests,
        pgMsPerReq: (cpuAfter.pg - cpuBefore.pg - idle.pg * took) / requests,
        statementsPerReq:
          (pgAfter.statements - pgBefore.statements - idle.statements * took) / requests,
        transactionsPerReq: Number.NaN,
        rssMiB: memory(encorePid).rss,
      };
      measured.push(result);
      if (round === rounds - 1) top = await pgStats.topStatements(TOP_STATEMENTS);
      pendingTransactions = async () => {
        const wait = TRANSACTION_STATS_LAG_MS - (Date.now() - endedAt);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const late = await pgStats.counters();
        const background = idle.transactions * (Date.now() - startedAt);
        result.transactionsPerReq =
          (late.transactions - pgBefore.transactions - background) / requests;
        console.log(roundLine(round, result));
      };
    }
    await pendingTransactions?.();
    for (const line of summaryLines(route.label, route.kind, measured, route.artistPage)) {
      console.log(line);
    }
    if (top.length > 0) {
      const requests = Math.max(1, measured.at(-1)?.encore.sent ?? 1);
      console.log(
        '    most run statements in the last round (per request, mean execution + planning time):',
      );
      for (const s of top) {
        console.log(
          `      ${(s.calls / requests).toFixed(2).padStart(5)} × ${s.meanMs.toFixed(2).padStart(6)} + ${s.planMs.toFixed(2).padStart(5)} ms  ${s.query.slice(0, 100)}`,
        );
      }
    }
    console.log('');
  }
  const { peak } = memory(encorePid);
  console.log(`Encore's peak RSS over the run: ${peak.toFixed(1)} MiB`);
  if (bareRates.length > 0) console.log(hostSpeedOf(bareRates).line);
  await pgStats.close();
}

/** Per millisecond, with no request: CPU (ms) of Node and Postgres, statements, transactions. */
async function measureIdle(encorePid: number, postmasterPid: number, pgStats: PgStats) {
  // Let the start-up's and sign-in's transactions reach the statistics first.
  await new Promise((r) => setTimeout(r, TRANSACTION_STATS_LAG_MS));
  const cpu = cpuNow(encorePid, postmasterPid);
  const pg = await pgStats.counters();
  const startedAt = Date.now();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const took = Date.now() - startedAt;
  const cpuAfter = cpuNow(encorePid, postmasterPid);
  const pgAfter = await pgStats.counters();
  return {
    node: (cpuAfter.node - cpu.node) / took,
    pg: (cpuAfter.pg - cpu.pg) / took,
    statements: (pgAfter.statements - pg.statements) / took || 0,
    transactions: (pgAfter.transactions - pg.transactions) / took,
  };
}

async function load(url: string, headers: Record<string, string>): Promise<Load> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { 'accept-encoding': acceptEncoding, ...headers },
  });
  return loadOf(result);
}

type Route = {
  label: string;
  kind: Kind;
  path: string;
  headers: Record<string, string>;
  /** What the route answered once before the load: status, size, items. */
  shape: string;
  artistPage: boolean;
};

/** The routes, with the ids and cookies they need, each checked once (a non-2xx stops the bench). */
async function resolveRoutes(base: string): Promise<Route[]> {
  const fan = { cookie: await signInDemo(base, 'fan') };
  const performer = { cookie: await signInDemo(base, 'performer') };
  const venue = { cookie: await signInDemo(base, 'venue') };
  const session = (await (
    await fetch(new URL('/api/account/session', base), { headers: performer })
  ).json()) as { user: { id: string } };
  const plan: Omit<Route, 'shape'>[] = [
    // The demo data has 12 shows within 50 mi of Boston; at 250 mi the page is full (50 shows).
    ['city listing', 'public', '/api/shows?near=Boston,%20MA&radius=250', {}],
    ['artist page', 'public', `/api/artists/${session.user.id}`, {}],
    ['landing page HTML', 'public', '/landing', {}],
    ['Your Alerts', 'authenticated', '/api/fan/alerts', fan],
    ['fan dashboard', 'authenticated', '/api/fan/home', fan],
    ['notification centre', 'authenticated', '/api/notifications', fan],
    ['Discovery search', 'authenticated', '/api/discovery/artists?q=the', fan],
    ['performer dashboard', 'authenticated', '/api/dashboards/performer', performer],
    ['venue dashboard', 'authenticated', '/api/dashboards/venue', venue],
  ].map(([label, kind, path, headers]) => ({
    label: label as string,
    kind: kind as Kind,
    path: path as string,
    headers: headers as Record<string, string>,
    artistPage: label === 'artist page',
  }));
  const wanted = values.only?.toLowerCase().split(',').filter(Boolean);
  const routes: Route[] = [];
  for (const route of plan) {
    if (wanted && !wanted.some((word) => route.label.toLowerCase().includes(word))) continue;
    const response = await fetch(new URL(route.path, base), { headers: route.headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`${route.label}: ${response.status} before the load`);
    routes.push({ ...route, shape: `${response.status}, ${describe(body)}` });
  }
  return routes;
}

/** "14.7 KB, 50 items" for a JSON list, the size alone otherwise. */
function describe(body: string): string {
  const size = `${(Buffer.byteLength(body) / 1024).toFixed(1)} KB uncompressed`;
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    // The longest list is the page's (a city listing also has `otherPlaces`, usually empty).
    const lists = Object.entries(json).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
    const list = lists.sort((a, b) => b[1].length - a[1].length)[0];
    return list ? `${size}, ${list[1].length} ${list[0]}` : size;
  } catch {
    return size;
  }
}
