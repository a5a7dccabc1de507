/**
 * `npm run bench:uncached-ab -- --data-dir DIR --pg-port N [--rounds 4] [--duration 8]
 *   [--fans 200] [--connections 20] old=http://127.0.0.1:P1 new=http://127.0.0.1:P2`
 *
 * bench:traffic's uncached round (traffic-uncached.ts), old code against new, interleaved: two
 * Encores started with PAGE_CACHES=off (and WORKERS=off) on ONE Postgres (the second through
 * DATABASE_URL), asked in turn for the artist pages (every demo artist, anonymous) and the signed-in
 * fans' Your Alerts (the same fans as bench:traffic, signed in through the first), one label at a
 * time, so both see the same host. Per round and label: Node CPU a request (the label's process,
 * from /proc) and Postgres CPU a request (the postmaster and its backends: only one Encore is asked
 * at a time), with the idle background measured first and taken off. The host speed line first.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { connectSuperuser } from './api-pg.ts';
import { cpuNow, findPostmaster } from './api-processes.ts';
import { shuffle } from './shuffle.ts';
import type { Ask } from './traffic-cold.ts';
import { loadWorld } from './traffic-world.ts';

const { values, positionals } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'pg-port': { type: 'string' },
    rounds: { type: 'string', default: '4' },
    duration: { type: 'string', default: '8' },
    fans: { type: 'string', default: '200' },
    connections: { type: 'string', default: '20' },
    'host-speed': { type: 'boolean', default: true },
  },
  allowPositionals: true,
});
const dataDir = values['data-dir'];
const pgPort = Number(values['pg-port']);
if (!dataDir || !pgPort) throw new Error('--data-dir and --pg-port: the shared embedded Postgres');
const targets = positionals.map((p) => {
  const [label = '', url = ''] = p.split('=');
  const port = Number(new URL(url).port);
  return { label, url, pid: pidListening(port) };
});
if (targets.length === 0) throw new Error('give label=url for each running Encore');

if (values['host-speed']) {
  const { measureHostSpeed } = await import('./host-speed.ts');
  console.log((await measureHostSpeed()).line);
}
const postmaster = findPostmaster(dataDir);
const db = await connectSuperuser(dataDir, pgPort);
const world = await loadWorld(db, (targets[0] as { url: string }).url, Number(values.fans));
await db.end();
const kinds: { label: string; asks: Ask[] }[] = [
  { label: 'artist page', asks: world.pages.artist.map((path) => ({ path, headers: {} })) },
  {
    label: 'Your Alerts',
    asks: world.fans.map((f) => ({ path: '/api/fan/alerts', headers: { cookie: f.cookie } })),
  },
];
console.log(
  `${targets.map((t) => `${t.label} pid ${t.pid}`).join(', ')}; Postgres ${postmaster}; ${world.pages.artist.length} artists, ${world.fans.length} fans`,
);

// The idle background: no request for 5 s.
const idleMs = 5000;
const idle0 = targets.map((t) => cpuNow(t.pid, postmaster));
await new Promise((r) => setTimeout(r, idleMs));
const idle = targets.map((t, i) => {
  const now = cpuNow(t.pid, postmaster);
  const before = idle0[i] as { node: number; pg: number };
  return { node: (now.node - before.node) / idleMs, pg: (now.pg - before.pg) / idleMs };
});
// Postgres' idle is shared: counted once (the first target's reading).
const pgIdle = (idle[0] as { pg: number }).pg;

const results = new Map<string, string[]>();
for (let round = 0; round < Number(values.rounds); round++) {
  // Alternate who goes first, so neither always follows the other.
  const order = round % 2 === 0 ? targets : [...targets].reverse();
  for (const kind of kinds) {
    for (const t of order) {
      await load(t.url, kind.asks.slice(0, 50), 2);
      const before = cpuNow(t.pid, postmaster);
      const started = Date.now();
      const result = await load(t.url, kind.asks, Number(values.duration));
      await new Promise((r) => setTimeout(r, 300));
      const took = Date.now() - started;
      const after = cpuNow(t.pid, postmaster);
      const n = Math.max(1, result.requests.sent);
      const nodeIdle = (idle[targets.indexOf(t)] as { node: number }).node;
      const node = (after.node - before.node - nodeIdle * took) / n;
      const pg = (after.pg - before.pg - pgIdle * took) / n;
      const errors = result.errors + result.timeouts + result.non2xx;
      const line = `${node.toFixed(3)} + ${pg.toFixed(3)}${errors ? ` (${errors} errors)` : ''}`;
      const key = `${kind.label} ${t.label}`;
      results.set(key, [...(results.get(key) ?? []), line]);
      console.log(
        `round ${round + 1} ${key.padEnd(20)} Node + PG ms a request: ${line}  (${result.requests.average.toFixed(0)} req/s)`,
      );
    }
  }
}
console.log('\nsummary (Node + Postgres ms a request, each round):');
for (const [key, lines] of results) console.log(`  ${key.padEnd(20)} ${lines.join(' | ')}`);
console.log(`load average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);

async function load(url: string, asks: Ask[], seconds: number) {
  const requests = asks.map((a) => ({ method: 'GET' as const, path: a.path, headers: a.headers }));
  return autocannon({
    url,
    connections: Number(values.connections),
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    setupClient: (client) => client.setRequests(shuffle(requests)),
  });
}

/** The pid of the process listening on `port` (from /proc/net/tcp and the processes' sockets). */
function pidListening(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`) && f[3] === '0A') inodes.add(f[9] as string);
    }
  }
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1] as string)) return Number(pid);
      } catch {}
    }
  }
  throw new Error(`no process listens on port ${port}`);
}
