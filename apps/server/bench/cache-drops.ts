/**
 * `npm run bench:drops [-- --fans 200 --each 5 --cost-each 40 --only going,… --port N --seed N]`
 *
 * What each kind of write costs the page caches: how many pages one write drops, by page kind.
 * bench:traffic's hit rates say how many misses a round had; this says which writes made them,
 * which is what dropping fewer pages per change has to work on (issue 29). Starts Encore with the
 * demo data (demo-encore.ts, its /metrics on base + 3), signs in N demo fans (traffic-world.ts),
 * reads every public page key and every fan's Your Alerts, dashboard and notification centre
 * until all are cached; then, `--each` times per kind of write (traffic-writer.ts: going, alerts,
 * pal requests, results, sign-ups, privacy changes, an announcement with its fan-out), one write
 * and every page read again, counting the misses from the caches' own counters
 * (`encore_cache_lookups_total`), and the pages the caches dropped for the change
 * (`encore_cache_dropped_total`): a miss beyond those is a page gone by age (60 s at most); and
 * how many fans' own cards were read again (`private_parts` misses): Your Alerts' misses beyond
 * those were remade from the kept cards and the shows' fragments (decision 060). One
 * request at a time apart from 8 at once within a pass: no load, the figures do not depend on the
 * host. Last, what each kind of write costs in CPU (issue 29: what 20 writes a second take from
 * two cores): `--cost-each` writes of a kind back to back, one at a time (an announcement until
 * matched), Encore's Node and its Postgres (every backend) read from /proc around the batch; and
 * what bench:traffic's mix of them takes at 5 and 20 writes a second, with its announcement a
 * minute. These do depend on the host: its speed is printed beside them.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { connectStatementStats, connectSuperuser, MARK } from './api-pg.ts';
import { cpuNow, findPostmaster } from './api-processes.ts';
import { machine } from './bench-app.ts';
import { type DemoEncore, runThenStop, startDemoEncore } from './demo-encore.ts';
import { measureHostSpeed } from './host-speed.ts';
import { metricsText, sampleValues } from './metrics-text.ts';
import { FAN_PAGES, loadWorld, type PageKind, pageLabel } from './traffic-world.ts';
import {
  ACTIONS,
  type Action,
  ANNOUNCE_EVERY_MS,
  MIX,
  seedWrites,
  writeActions,
} from './traffic-writer.ts';

const { values } = parseArgs({
  options: {
    fans: { type: 'string', default: '200' },
    each: { type: 'string', default: '5' },
    /** Some kinds of write only, by name, comma-separated (`--only announcement,going`). */
    only: { type: 'string' },
    /** How many of each kind of write are timed back to back for their CPU (announcements: 10 at most). */
    'cost-each': { type: 'string', default: '40' },
    /** Also the statements that took Postgres' time in each kind's batch (pg_stat_statements: Encore restarts once to load it). */
    statements: { type: 'boolean', default: false },
    port: { type: 'string' },
    /** The same writes on every run with this seed (to compare two builds): drawn anew without. */
    seed: { type: 'string' },
  },
});
const AT_ONCE = 8;
const costEach = Number(values['cost-each']);

/** A kind of write's CPU, mean ms a write over `n` of them: Encore's Node, and its Postgres. */
type WriteCost = {
  action: Action;
  node: number;
  pg: number;
  n: number;
  /** With --statements: the batch's statements by Postgres time (ms a write, calls a write, text). */
  statements: string[];
};
const TOP_STATEMENTS = 6;
const MATCH_WAIT_MS = 60_000;

type Pass = {
  label: string;
  cache: 'public' | 'private';
  asks: { path: string; cookie?: string }[];
};

console.log(`bench:drops — machine: ${machine()}, Node ${process.version}`);
if (values.seed !== undefined) seedWrites(Number(values.seed));
let encore: DemoEncore | undefined;
await runThenStop(main, async () => {
  await encore?.stop();
});

async function main() {
  // Before Encore and its Postgres start: the two cores are the host's (host-speed.ts).
  const host = await measureHostSpeed();
  encore = await startDemoEncore('drops', values.port, {
    span: 4,
    pgOffset: 2,
    env: (base) => ({ METRICS_PORT: String(base + 3) }),
  });
  const pgStats = values.statements ? await connectStatementStats(encore) : undefined;
  const { url, dataDir, pgPort } = encore;
  const metricsUrl = `http://127.0.0.1:${encore.port + 3}/metrics`;
  const db = await connectSuperuser(dataDir, pgPort);
  const world = await loadWorld(db, url, Number(values.fans));
  const passes: Pass[] = [
    ...FAN_PAGES.map(([label, path]) => ({
      label,
      cache: 'private' as const,
      asks: world.fans.map((fan) => ({ path, cookie: fan.cookie })),
    })),
    ...(Object.entries(world.pages) as [PageKind, string[]][]).map(([kind, paths]) => ({
      label: pageLabel(kind),
      cache: 'public' as const,
      asks: paths.map((path) => ({ path })),
    })),
  ];

  /** A cache's counter so far, from Encore's /metrics (its labels also carry process="api"). */
  const counter = async (name: string, cache: string, result?: string) => {
    const labels = { cache, ...(result && { result }) };
    return sampleValues(await metricsText(metricsUrl), name, labels)[0] ?? 0;
  };
  const misses = (cache: Pass['cache']) => counter('encore_cache_lookups_total', cache, 'miss');
  /** Pages the caches dropped for a change: not those gone by age (60 s at most). */
  const dropped = async () => ({
    private: await counter('encore_cache_dropped_total', 'private'),
    public: await counter('encore_cache_dropped_total', 'public'),
  });
  /** Your Alerts' own cards read again (decision 060): a page remade without them is not one. */
  const ownCardsRead = () => counter('encore_cache_lookups_total', 'private_parts', 'miss');
  /** A kind of page some of whose keys did not answer 200, and the last status seen. */
  const refusals = new Map<string, number>();
  /**
   * Each page's last answer (a digest): a page whose answer is the same after a write was
   * dropped for nothing, the part a finer drop could keep.
   */
  const lastAnswers = new Map<string, string>();
  /** Per kind of page, how many answers differed from that page's answer before. */
  let changed = new Map<string, number>();
  /** Reads every page once; the misses of each kind. */
  const readAll = async () => {
    const counts = new Map<string, number>();
    changed = new Map();
    for (const pass of passes) {
      const before = await misses(pass.cache);
      const queue = [...pass.asks];
      const worker = async () => {
        for (let ask = queue.shift(); ask; ask = queue.shift()) {
          const headers: Record<string, string> = ask.cookie ? { cookie: ask.cookie } : {};
          const response = await fetch(new URL(ask.path, url), { headers });
          const digest = createHash('sha1')
            .update(new Uint8Array(await response.arrayBuffer()))
            .digest('hex');
          if (response.status !== 200) refusals.set(pass.label, response.status);
          const page = `${pass.label} ${ask.path} ${ask.cookie ?? ''}`;
          const before = lastAnswers.get(page);
          if (before !== undefined && before !== digest) {
            changed.set(pass.label, (changed.get(pass.label) ?? 0) + 1);
          }
          lastAnswers.set(page, digest);
        }
      };
      await Promise.all(Array.from({ length: AT_ONCE }, worker));
      counts.set(pass.label, (await misses(pass.cache)) - before);
    }
    return counts;
  };
  /** An announcement alerts fans after its commit: wait until every show event is matched. */
  const matched = async () => {
    const until = Date.now() + MATCH_WAIT_MS;
    while (Date.now() < until) {
      const { rows } = await db.query<{ n: number }>(
        `${MARK} SELECT count(*)::int AS n FROM show_events WHERE matched_at IS NULL`,
      );
      if (rows[0]?.n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the announcement was not matched within 60 s');
  };

  const cold = await readAll();
  for (const [label, status] of refusals) console.log(`${label}: some keys answered ${status}`);
  console.log(`cold pass misses: ${[...cold].map(([l, n]) => `${l} ${n}`).join(', ')}`);
  if ([...cold.values()].every((n) => n === 0)) {
    throw new Error(`no miss counted on a cold pass: is ${metricsUrl} Encore's /metrics?`);
  }
  const settled = await readAll();
  const left = [...settled].filter(([, n]) => n > 0);
  console.log(
    `${world.fans.length} fans' pages (${FAN_PAGES.map(([l]) => l).join(', ')}) and ${passes
      .filter((p) => p.cache === 'public')
      .reduce((n, p) => n + p.asks.length, 0)} public keys cached; a second pass missed ${
      left.length === 0 ? 'none' : left.map(([l, n]) => `${l} ${n}`).join(', ')
    }, and ${[...changed.values()].reduce((a, b) => a + b, 0)} answers changed (none should: nothing was written)\n`,
  );

  const act = writeActions(url, world);
  const pids = { encore: encore.server().child.pid as number, postmaster: findPostmaster(dataDir) };
  const each = Number(values.each);
  type Row = {
    action: Action;
    done: number;
    refused: number;
    drops: Map<string, number[]>;
    /** Per kind of page, per write: the pages whose answer changed. */
    changes: Map<string, number[]>;
    /** Per write: what the caches' counters say the change dropped, private and public. */
    byChange: { private: number; public: number }[];
    /** Per write: the fans' own cards read again (the rest of Your Alerts' misses remade). */
    cardsRead: number[];
  };
  const rows: Row[] = [];
  const only = values.only?.split(',');
  for (const action of ACTIONS.filter((a) => !only || only.includes(a))) {
    const row: Row = {
      action,
      done: 0,
      refused: 0,
      drops: new Map(),
      changes: new Map(),
      byChange: [],
      cardsRead: [],
    };
    for (let i = 0; i < each; i++) {
      const before = await dropped();
      const cardsBefore = await ownCardsRead();
      const { status } = await act(action);
      if (status < 300) row.done++;
      else row.refused++;
      if (action === 'announcement') await matched();
      // The public caches hear their notices without a barrier: a moment for them to arrive.
      await new Promise((r) => setTimeout(r, 200));
      for (const [label, n] of await readAll()) {
        row.drops.set(label, [...(row.drops.get(label) ?? []), n]);
        row.changes.set(label, [...(row.changes.get(label) ?? []), changed.get(label) ?? 0]);
      }
      const after = await dropped();
      row.cardsRead.push((await ownCardsRead()) - cardsBefore);
      row.byChange.push({
        private: after.private - before.private,
        public: after.public - before.public,
      });
    }
    rows.push(row);
  }

  // What each kind of write costs in CPU: `--cost-each` of them back to back, one at a time (an
  // announcement waits for its match), between two readings of /proc. /proc counts in ticks of
  // 10 ms: a batch, not a write, is what can be read.
  const costs: WriteCost[] = [];
  for (const action of ACTIONS.filter((a) => !only || only.includes(a))) {
    const n = action === 'announcement' ? Math.min(10, costEach) : costEach;
    await pgStats?.resetStatements();
    const before = cpuNow(pids.encore, pids.postmaster);
    for (let i = 0; i < n; i++) {
      await act(action);
      if (action === 'announcement') await matched();
    }
    const after = cpuNow(pids.encore, pids.postmaster);
    const statements = (await pgStats?.topStatements(TOP_STATEMENTS, 'time')) ?? [];
    costs.push({
      action,
      node: (after.node - before.node) / n,
      pg: (after.pg - before.pg) / n,
      n,
      statements: statements.map(
        (st) =>
          `${(((st.meanMs + st.planMs) * st.calls) / n).toFixed(2)} ms, ${(st.calls / n).toFixed(1)} calls: ${st.query.slice(0, 140)}`,
      ),
    });
  }
  await db.end();
  await pgStats?.close();

  console.log(
    'pages missed after one write (mean, and the largest), of the keys each kind has; then the pages the caches dropped for the change (their counter, mean), private / public: misses beyond those are pages gone by age',
  );
  const labels = passes.map((p) => `${p.label} (${p.asks.length})`);
  console.log(
    ['write', 'done/refused', ...labels, 'dropped by the change', 'own cards read'].join(' | '),
  );
  for (const row of rows) {
    const cells = passes.map((p) => {
      const drops = row.drops.get(p.label) ?? [];
      const mean = drops.reduce((a, b) => a + b, 0) / Math.max(1, drops.length);
      return `${mean.toFixed(1)} (${Math.max(0, ...drops)})`;
    });
    const mean = (side: 'private' | 'public') =>
      (row.byChange.reduce((n, c) => n + c[side], 0) / Math.max(1, row.byChange.length)).toFixed(1);
    const byChange = `${mean('private')} / ${mean('public')}`;
    const cardsRead = (
      row.cardsRead.reduce((a, b) => a + b, 0) / Math.max(1, row.cardsRead.length)
    ).toFixed(1);
    console.log(
      [row.action, `${row.done}/${row.refused}`, ...cells, byChange, cardsRead].join(' | '),
    );
  }
  console.log(
    '\npages whose answer changed after one write (mean, and the largest): of the pages missed above, the rest were dropped for nothing',
  );
  console.log(['write', ...labels].join(' | '));
  for (const row of rows) {
    const cells = passes.map((p) => {
      const changes = row.changes.get(p.label) ?? [];
      const mean = changes.reduce((a, b) => a + b, 0) / Math.max(1, changes.length);
      return `${mean.toFixed(1)} (${Math.max(0, ...changes)})`;
    });
    console.log([row.action, ...cells].join(' | '));
  }
  console.log(costLines(costs, host.line).join('\n'));
  console.log('\neach write, in order: the pages it dropped, in the columns above');
  for (const row of rows) {
    const writes = Array.from({ length: each }, (_, i) => {
      const change = row.byChange[i];
      const kinds = passes.map((p) => row.drops.get(p.label)?.[i] ?? 0).join(' ');
      return `${kinds}; dropped ${change?.private ?? 0} / ${change?.public ?? 0}`;
    });
    console.log(`${row.action}: ${writes.map((w) => `[${w}]`).join(' ')}`);
  }
}

/**
 * What each kind of write costs in CPU, and bench:traffic's mix of them at 5 and 20 writes a
 * second plus its announcement a minute: the share of one core each takes.
 */
function costLines(costs: WriteCost[], host: string) {
  const lines = [
    `\nCPU a write (mean ms over a batch of them, one at a time, an announcement until matched), ${host}`,
    'write | Node ms | Postgres ms | writes timed',
    ...costs.map((c) => `${c.action} | ${c.node.toFixed(1)} | ${c.pg.toFixed(1)} | ${c.n}`),
    ...costs
      .filter((c) => c.statements.length > 0)
      .flatMap((c) => [
        `  ${c.action}, Postgres' time a write by statement:`,
        ...c.statements.map((st) => `    ${st}`),
      ]),
  ];
  const cost = new Map(costs.map((c) => [c.action, c]));
  if (!MIX.every(([action]) => cost.has(action))) return lines;
  const share = MIX.reduce((n, [, s]) => n + s, 0);
  for (const rate of [5, 20]) {
    const core = (side: 'node' | 'pg') => {
      const mixed = MIX.reduce(
        (n, [action, s]) => n + (s / share) * rate * (cost.get(action)?.[side] ?? 0),
        0,
      );
      const announced = ((cost.get('announcement')?.[side] ?? 0) * 1000) / ANNOUNCE_EVERY_MS;
      return (mixed + announced) / 1000;
    };
    lines.push(
      `at ${rate} writes/s (bench:traffic's mix, an announcement a minute): Node ${(100 * core('node')).toFixed(1)}% of a core, Postgres ${(100 * core('pg')).toFixed(1)}%`,
    );
  }
  return lines;
}
