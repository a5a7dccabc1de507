/**
 * Cache misses counted from outside the server, for `npm run bench:traffic` (the server exposes no
 * cache counters, and the bench adds none): what a miss of each kind of page runs in Postgres is
 * learnt on a cold pass, then counted in each round.
 *
 * The cold pass asks for every key of a kind once, one at a time, with the caches empty (the
 * public cache is emptied by the notice a commit sends, `encore_public_changed` with no table:
 * every page goes; no fan page has been asked for yet). Of the statements it runs
 * (pg_stat_statements), those the idle workers do not run, that are not the private cache's
 * `select 1` barrier, that ran for at least every other key and of whose calls on the cold passes
 * nine in ten were this kind's are the kind's own (not the session lookup, which the first
 * signed-in kind's pass runs once per fan); the one run closest to once per key is its
 * signature (the report prints its text). In a round, the signature's calls ÷ its calls per key on the cold pass are
 * that kind's misses. The writes' own reads may run a signature too (a going mark answers the show
 * page as the fan sees it): at most one call a write, so at 20 writes a second the misses are
 * overstated by at most 20 a second. A kind with no statement of its own is counted by all of
 * its statements (overstated by what it shares) and says so.
 */
import type { PgStats } from './api-pg.ts';
import { cpuNow } from './api-processes.ts';

export type Ask = { path: string; headers: Record<string, string> };

export type ColdKind = {
  label: string;
  /** The keys that answered 200 (the others are left out of the rounds). */
  asks: Ask[];
  /** Not 200, by status. */
  refused: Map<number, number>;
  statements: Map<string, number>;
  /** Each statement's text, as pg_stat_statements normalised it (for the report). */
  texts: Map<string, string>;
  /** Per miss, on the cold pass (one request at a time, nothing else running but the workers). */
  statementsPerMiss: number;
  nodeMsPerMiss: number;
  pgMsPerMiss: number;
  msPerMiss: number;
};

export type MissMeter = {
  kinds: {
    label: string;
    keys: number;
    signature: string[];
    callsPerMiss: number;
    /** No statement of its own: counted by all of its statements. */
    shared: boolean;
  }[];
  /** Misses by kind in a round, from its calls by statement since the reset. */
  misses: (calls: Map<string, { calls: number }>) => Map<string, number>;
};

const BARRIER = /^select \$1;?$/i;
const SESSION_LOOKUP = /from "session"/i;

export async function coldPass(
  base: string,
  label: string,
  asks: Ask[],
  pgStats: PgStats,
  pids: { encore: number; postmaster: number },
  /** The idle workers' CPU per ms, subtracted. */
  idle: { node: number; pg: number },
): Promise<ColdKind> {
  await pgStats.resetStatements();
  const cpu = cpuNow(pids.encore, pids.postmaster);
  const startedAt = performance.now();
  const kept: Ask[] = [];
  const refused = new Map<number, number>();
  for (const ask of asks) {
    const response = await fetch(new URL(ask.path, base), {
      headers: { 'accept-encoding': 'gzip, deflate, br', ...ask.headers },
    });
    await response.arrayBuffer();
    if (response.ok) kept.push(ask);
    else refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
  }
  const took = performance.now() - startedAt;
  const cpuAfter = cpuNow(pids.encore, pids.postmaster);
  const statements = new Map<string, number>();
  const texts = new Map<string, string>();
  for (const [id, s] of await pgStats.callsByStatement()) {
    if (BARRIER.test(s.query.trim())) continue;
    statements.set(id, s.calls);
    texts.set(id, s.query);
  }
  const n = Math.max(1, asks.length);
  const total = [...statements.values()].reduce((sum, c) => sum + c, 0);
  return {
    label,
    asks: kept,
    refused,
    statements,
    texts,
    statementsPerMiss: total / n,
    nodeMsPerMiss: (cpuAfter.node - cpu.node - idle.node * took) / n,
    pgMsPerMiss: (cpuAfter.pg - cpu.pg - idle.pg * took) / n,
    msPerMiss: took / n,
  };
}

/** Each kind's signature statement, apart from the idle workers' (`background`) and the others'. */
export function missMeter(kinds: ColdKind[], background: Set<string>): MissMeter {
  const meters = kinds.map((kind) => {
    const keys = Math.max(
      1,
      kind.asks.length + [...kind.refused.values()].reduce((a, b) => a + b, 0),
    );
    // Its own: nine in ten of the statement's calls on the cold passes were this kind's (another
    // kind's pass may run it now and then), and it ran for at least every other key (a rare
    // branch, e.g. a fallback run for one page in ten, would count each of its calls as ten misses).
    const own = [...kind.statements].filter(([id, calls]) => {
      if (background.has(id) || calls < keys / 2) return false;
      // The session lookup runs on the first signed-in kind's pass (each fan's first request)
      // and then from the session cache: not a page's miss.
      if (SESSION_LOOKUP.test(kind.texts.get(id) ?? '')) return false;
      const all = kinds.reduce((sum, k) => sum + (k.statements.get(id) ?? 0), 0);
      return calls >= 0.9 * all;
    });
    if (own.length === 0) {
      const shared = [...kind.statements].filter(([id]) => !background.has(id));
      const calls = shared.reduce((sum, [, c]) => sum + c, 0);
      const signature = shared.map(([id]) => id);
      return { label: kind.label, keys, signature, callsPerMiss: calls / keys, shared: true };
    }
    const [id, calls] = own.sort((a, b) => Math.abs(a[1] - keys) - Math.abs(b[1] - keys))[0] as [
      string,
      number,
    ];
    return { label: kind.label, keys, signature: [id], callsPerMiss: calls / keys, shared: false };
  });
  return {
    kinds: meters,
    misses: (calls) =>
      new Map(
        meters.map((m) => [
          m.label,
          m.signature.reduce((sum, id) => sum + (calls.get(id)?.calls ?? 0), 0) /
            Math.max(1e-9, m.callsPerMiss),
        ]),
      ),
  };
}
