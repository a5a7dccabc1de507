/**
 * `npm run bench:uncached-inject -- --url postgres://... --data-dir DIR --old DIR
 *   [--rounds 6] [--reps 2] [--fans 200] [--signed-in] [--page-caches on]`
 *
 * bench:traffic's uncached round in one process, old code against new: each tree's app
 * (`buildApp`, PAGE_CACHES=off) on its own pool to the same database, asked through `app.inject`
 * (no sockets: on a loaded shared host the socket writes' wall time swamps the figures) for every
 * demo artist's and venue's page (anonymous) and the first `fans` demo fans' Your Alerts (as
 * bench:traffic draws them), one request at a time, the trees alternating round by round. Node's CPU a request
 * from `process.cpuUsage`, Postgres' from its processes' /proc (the postmaster and its backends,
 * as bench:traffic), the idle background taken off. Prints each round's figures, then per page
 * the medians over the rounds and new ÷ old per round (median and range): on a shared host only
 * the interleaved ratio means anything. `--old`: the server folder (apps/server) of
 * a copy of the old code whose node_modules resolve (as /work/mkwt.sh links them).
 *
 * `--signed-in`: the same fans' dashboard and notification centre too (issue 29's three signed-in
 * pages). `--page-caches on`: the trees keep their pages, so after the warm pass every signed-in
 * request is a hit (what a signed-in hit costs through Fastify: its session check and barrier).
 * `--misses` (with `--page-caches on`): Your Alerts asked each pass with a limit not asked before
 * (21, 22, …: the same in both trees), so every such request is a page cache miss whose show
 * cards are kept, as at 20 writes a second (what bench:traffic's misses cost).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/demo/demo-accounts.ts';
import { cpuNow, findPostmaster } from './api-processes.ts';
import { injectSignIn } from './bench-app.ts';
import { machine, measureHostSpeed } from './host-speed.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'data-dir': { type: 'string' },
    old: { type: 'string' },
    rounds: { type: 'string', default: '6' },
    reps: { type: 'string', default: '2' },
    fans: { type: 'string', default: '200' },
    'signed-in': { type: 'boolean', default: false },
    'page-caches': { type: 'string', default: 'off' },
    misses: { type: 'boolean', default: false },
    'host-speed': { type: 'boolean', default: true },
  },
});
const url = values.url;
const dataDir = values['data-dir'];
if (!url || !dataDir || !values.old) throw new Error('--url, --data-dir and --old are needed');
if (values.misses && Number(values.rounds) * Number(values.reps) > 30)
  throw new Error('--misses asks limits 21–50: rounds × reps must be 30 at most');

// The host's speed first (bare Fastify), before this bench's own load: every figure with it.
if (values['host-speed']) console.log((await measureHostSpeed()).line);

type Tree = {
  label: string;
  app: {
    inject: (o: object) => Promise<{ statusCode: number; headers: Record<string, unknown> }>;
    close: () => Promise<void>;
  };
  close: () => Promise<void>;
};

async function treeAt(label: string, serverDir: string): Promise<Tree> {
  const { buildApp } = await import(resolve(serverDir, 'src/app.ts'));
  const { loadConfig } = await import(resolve(serverDir, 'src/config.ts'));
  const { createDatabase } = await import(resolve(serverDir, 'src/db/client.ts'));
  const database = createDatabase(url as string);
  const config = loadConfig(
    { PAGE_CACHES: values['page-caches'], WORKERS: 'off', RATE_LIMIT_LOGIN: '100000000' },
    {
      databaseUrl: url,
      dataDir,
      publicUrl: 'http://127.0.0.1',
      authSecret: readFileSync(resolve(dataDir as string, 'auth-secret'), 'utf8').trim(),
      logLevel: 'silent',
      webDistDir: '/nonexistent/web-dist',
    },
  );
  const app = await buildApp(config, database);
  await app.ready();
  return {
    label,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const trees = [
  await treeAt('old', resolve(values.old)),
  await treeAt('new', resolve(import.meta.dirname, '..')),
];
const pg = (await import('pg')).default;
const db = new pg.Client(url);
await db.connect();
const artists = (
  await db.query<{ id: string }>('select user_id as id from performer_profiles order by user_id')
).rows.map((r) => r.id);
const venues = (
  await db.query<{ id: string }>('select user_id as id from venue_profiles order by user_id')
).rows.map((r) => r.id);
const fanEmails = (
  await db.query<{ email: string }>(
    `select email from "user" where role = 'fan' and email like '%@demo.encore.test'
     order by email = 'fan@demo.encore.test' desc, md5(id) limit $1`,
    [Number(values.fans)],
  )
).rows.map((r) => r.email);
await db.end();

// Each fan signed in once (through the new tree: the session is the database's, both read it).
const cookies: string[] = [];
for (const email of fanEmails) {
  cookies.push(await injectSignIn((trees[1] as Tree).app, email, DEMO_PASSWORD));
}

const postmaster = findPostmaster(dataDir);
const kinds = [
  { label: 'artist page', asks: artists.map((id) => ({ url: `/api/artists/${id}`, headers: {} })) },
  { label: 'venue page', asks: venues.map((id) => ({ url: `/api/venues/${id}`, headers: {} })) },
  {
    label: 'Your Alerts',
    asks: cookies.map((cookie) => ({ url: '/api/fan/alerts', headers: { cookie } })),
  },
  ...(values['signed-in']
    ? [
        { label: 'fan dashboard', path: '/api/fan/home' },
        { label: 'notifications', path: '/api/notifications' },
      ].map(({ label, path }) => ({
        label,
        asks: cookies.map((cookie) => ({ url: path, headers: { cookie } })),
      }))
    : []),
];
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
console.log(
  `bench:uncached-inject — ${machine()}; ${artists.length} artists, ${venues.length} venues, ${cookies.length} fans, ${values.reps} passes a round, PAGE_CACHES=${values['page-caches']}`,
);

/** `--misses`: the pass' Your Alerts limit, new each pass (the default 20 is the warm pass'). */
let missLimit = 20;
const urlOf = (url: string) =>
  values.misses && url === '/api/fan/alerts' ? `${url}?limit=${missLimit}` : url;

async function pass(tree: Tree, asks: { url: string; headers: Record<string, string> }[]) {
  for (const a of asks) {
    const r = await tree.app.inject({
      method: 'GET',
      url: urlOf(a.url),
      headers: { ...ACCEPT, ...a.headers },
    });
    if (r.statusCode !== 200) throw new Error(`${tree.label} ${a.url}: ${r.statusCode}`);
  }
}

const idleFor = 3000;
const i0 = cpuNow(process.pid, postmaster);
await new Promise((r) => setTimeout(r, idleFor));
const i1 = cpuNow(process.pid, postmaster);
const idle = { node: (i1.node - i0.node) / idleFor, pg: (i1.pg - i0.pg) / idleFor };

/** Node and Postgres CPU ms a request, per page kind and tree, one pair per round. */
const figures = new Map<string, Array<{ node: number; pg: number }>>();
for (const kind of kinds) for (const t of trees) await pass(t, kind.asks); // warm: plans, JIT
for (let round = 0; round < Number(values.rounds); round++) {
  const order = round % 2 === 0 ? trees : [...trees].reverse();
  for (const kind of kinds) {
    for (const t of order) {
      const before = cpuNow(process.pid, postmaster);
      const started = Date.now();
      for (let rep = 0; rep < Number(values.reps); rep++) {
        // Both trees ask the same limits in a round: each its own cache, each URL new to it.
        missLimit = 21 + round * Number(values.reps) + rep;
        await pass(t, kind.asks);
      }
      const took = Date.now() - started;
      const after = cpuNow(process.pid, postmaster);
      const n = kind.asks.length * Number(values.reps);
      const node = (after.node - before.node - idle.node * took) / n;
      const pgMs = (after.pg - before.pg - idle.pg * took) / n;
      const key = `${kind.label} ${t.label}`;
      figures.set(key, [...(figures.get(key) ?? []), { node, pg: pgMs }]);
    }
  }
  console.log(`round ${round + 1} done, load ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}
console.log('Node + Postgres CPU ms a request, each round:');
for (const [key, list] of figures) {
  const shown = list.map((f) => `${f.node.toFixed(3)}+${f.pg.toFixed(3)}`);
  console.log(`  ${key.padEnd(16)} ${shown.join('  ')}`);
}
// On a shared host only old and new side by side mean anything: each round's new ÷ old.
console.log('Medians over the rounds, old → new, and new ÷ old per round (median, range):');
for (const kind of kinds) {
  const [old, now] = trees.map((t) => figures.get(`${kind.label} ${t.label}`) ?? []);
  const part = (side: 'node' | 'pg', name: string) => {
    const ratios = (old ?? []).map((f, i) => (now?.[i]?.[side] ?? Number.NaN) / f[side]);
    const o = median((old ?? []).map((f) => f[side]));
    const n = median((now ?? []).map((f) => f[side]));
    const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    return `${name} ${o.toFixed(3)} → ${n.toFixed(3)} ms (${median(ratios).toFixed(2)}, ${range})`;
  };
  console.log(`  ${kind.label.padEnd(14)} ${part('node', 'Node')} | ${part('pg', 'Postgres')}`);
}
for (const t of trees) await t.close();
