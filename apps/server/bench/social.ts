/**
 * `npm run bench:social [-- --fans 1000000 --active 40000 --shows 8000 --samples 100
 *   --port 4960]`
 *
 * Show Pals' three reads at the Show Pals brief's per-fan degrees (docs/performance.md, "Show Pals"): a
 * base world of `fans` fans and `shows` shows (generate-world.ts), then `active` of the fans with
 * ~200 shows, ~50 pals, ~20 watched artists, mixed privacy and some blocks each
 * (generate-social.ts). Starts the app on a local port, signs `samples` random active fans in
 * through the login route, and times over HTTP, one request per fan after 10 to warm up:
 * GET /api/social, GET /api/social/suggestions and GET /api/shows/:id/attendees (a random show
 * each fan is going to). Prints the world, p50/p95/p99/max per API, then each API's statements
 * for one more request and the slowest one's plan, with the host's speed (host-speed.ts). Goal
 * (the Show Pals brief): p95 ≤ 50 ms for each, on a slow host.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/auth/password.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { benchApp, serve } from './bench-app.ts';
import { benchPlace } from './bench-place.ts';
import { generateSocialLayer, SOCIAL_DEFAULTS, socialCounts } from './generate-social.ts';
import { generateWorld } from './generate-world.ts';
import { machine, measureHostSpeed, verdict } from './host-speed.ts';
import { printStatements, slowestQuery } from './slowest-query.ts';
import { percentile, seconds } from './stats.ts';

const { values } = parseArgs({
  options: {
    fans: { type: 'string', default: '1000000' },
    active: { type: 'string', default: '40000' },
    shows: { type: 'string', default: '8000' },
    samples: { type: 'string', default: '100' },
    /** SQL run after the world is built (e.g. a proposed index), to measure it. */
    setup: { type: 'string' },
    /** Keep the world (and Postgres) up after the figures until Ctrl-C, to try queries on it. */
    hold: { type: 'boolean', default: false },
    /**
     * A held world's connection string (another run's `--hold`): measure it, build nothing, so
     * two versions of the code can be measured in turn on one world (its migrations run first).
     */
    world: { type: 'string' },
    /** Postgres' port; a free one by default. */
    port: { type: 'string' },
  },
});
const [fans, active, shows, samples] = [values.fans, values.active, values.shows, values.samples]
  .map(Number)
  .map((n) => Math.max(1, n)) as [number, number, number, number];
const PASSWORD = 'BenchPassword1';
const GOAL_P95_MS = 50;

const { port, dataDir } = await benchPlace('social', values.port);
rmSync(dataDir, { recursive: true, force: true });
// The host's speed first, before Postgres starts and the world is generated: then the two cores
// are the host's, not shared with this bench's own database (host-speed.ts).
const host = await measureHostSpeed();
console.log(host.line);
const postgres = values.world ? null : await startEmbeddedPostgres({ dataDir, port });
const connectionString = values.world ?? postgres?.connectionString ?? '';
// A held world's Postgres has its own folder: this run's is the app's alone.
if (values.world) mkdirSync(dataDir, { recursive: true });
const database = createDatabase(connectionString);
// Every sampled fan signs in from this one address.
const app = await benchApp(database, connectionString, dataDir, {
  RATE_LIMIT_LOGIN: '100000',
});
try {
  await runMigrations(database);
  if (!values.world) await buildWorld(database.pool);
  else console.log(`Measuring the world at ${values.world}`);
  if (values.setup) {
    const t0 = performance.now();
    await database.pool.query(values.setup);
    await database.pool.query('analyze');
    console.log(`Setup SQL in ${seconds(performance.now() - t0)}: ${values.setup}`);
  }

  // The fans to sign in as, each with a random upcoming show they are going to: the same fans
  // and shows on every run over one world (seeded), so runs of two versions compare.
  const picker = await database.pool.connect();
  const { rows: picked } = await picker
    .query('select setseed(0.29)')
    .then(() =>
      picker.query<{ id: string; show: string | null }>(
        `select f.id, (select a.show_id from show_attendance a where a.fan_id = f.id
             and a.status = 'going' order by random() limit 1) as show
         from (select 'f' || (1 + floor(random() * $1))::int as id
               from generate_series(1, $2::int * 2) group by 1 limit $2) f`,
        [Math.min(active, fans), samples + 10],
      ),
    )
    .finally(() => picker.release());
  await database.pool.query(
    `insert into account (id, account_id, provider_id, user_id, password)
     select 'a-' || id, id, 'credential', id, $2 from unnest($1::text[]) id
     on conflict (id) do update set password = excluded.password`,
    [picked.map((p) => p.id), await hashPassword(PASSWORD)],
  );
  const { base, login } = await serve(app, PASSWORD);
  const sessions: Array<{ cookie: string; show: string | null }> = [];
  for (const p of picked)
    sessions.push({ cookie: await login(`${p.id}@bench.test`), show: p.show });
  const get = async (path: string, cookie: string) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return body;
  };

  const apis: Array<[string, (s: { show: string | null }) => string | null]> = [
    ['/api/social', () => '/api/social'],
    ['/api/social/suggestions', () => '/api/social/suggestions'],
    ['/api/shows/:id/attendees', (s) => (s.show ? `/api/shows/${s.show}/attendees` : null)],
  ];
  console.log(
    `\nOne request per fan over HTTP for ${sessions.length - 10} fans (after 10 to warm up):`,
  );
  let worst = { p95: 0, api: '' };
  const examples: Array<[string, string, string]> = [];
  for (const [api, pathOf] of apis) {
    const times: number[] = [];
    let listed = 0;
    for (const [i, session] of sessions.entries()) {
      const path = pathOf(session);
      if (!path) continue;
      const t0 = performance.now();
      const body = await get(path, session.cookie);
      if (i >= 10) times.push(performance.now() - t0);
      listed += Object.values(body).reduce<number>(
        (n, v) => n + (Array.isArray(v) ? v.length : 0),
        0,
      );
      if (i === 0) examples.push([api, path, session.cookie]);
    }
    const p95 = percentile(times, 95);
    if (p95 > worst.p95) worst = { p95, api };
    console.log(
      `${api.padEnd(26)} n=${times.length} p50 ${percentile(times, 50).toFixed(1)} ms · p95 ${p95.toFixed(1)} ms · p99 ${percentile(times, 99).toFixed(1)} ms · max ${Math.max(...times).toFixed(1)} ms · ${(listed / sessions.length).toFixed(1)} fans listed a request`,
    );
  }
  console.log(
    `Goal p95 ≤ ${GOAL_P95_MS} ms: ${verdict(worst.p95 <= GOAL_P95_MS, host)} (worst p95 ${worst.p95.toFixed(1)} ms, ${worst.api})`,
  );
  console.log(host.line);
  for (const [api, path, cookie] of examples) {
    const found = await slowestQuery(database.pool, () => get(path, cookie));
    console.log(`\n${api} once more: ${found.statements.length} statements, slowest first:`);
    printStatements(found);
  }
  console.log(`Machine at the end: ${machine()}`);
  if (values.hold) {
    console.log(`Holding the world at ${connectionString} until Ctrl-C`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await app.close();
  await database.close();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The world: generate-world.ts' base, generate-social.ts' active fans; its size and degrees. */
async function buildWorld(pool: import('pg').Pool) {
  const started = performance.now();
  const log = (step: string) => console.log(`  ${step}`);
  await generateWorld(
    pool,
    {
      fans,
      shows,
      performers: Math.max(10, Math.round(shows / 10)),
      venues: Math.max(10, Math.round(shows / 20)),
    },
    log,
  );
  await generateSocialLayer(pool, { active: Math.min(active, fans), ...SOCIAL_DEFAULTS }, log);
  const built = performance.now() - started;
  const { rows: size } = await pool.query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  console.log(`World built in ${seconds(built)}, ${size[0]?.size} on disk:`);
  for (const [table, n] of Object.entries(await socialCounts(pool)))
    console.log(`  ${table.padEnd(16)} ${n.toLocaleString('en-US').padStart(12)}`);
  await degrees(pool, Math.min(active, fans));
}

/** The per-fan degrees the APIs' costs follow, averaged over the active fans. */
async function degrees(pool: import('pg').Pool, activeFans: number) {
  const { rows } = await pool.query(
    `select
       (select count(*)::float / $1 from show_attendance where fan_id in
         (select 'f' || i from generate_series(1, $1::int) i)) as shows,
       (select count(*)::float * 2 / $1 from pal_links where state = 'pals') as pals,
       (select count(*)::float / count(distinct show_id) from show_attendance) as fans_a_show,
       (select max(n) from (select count(*) as n from show_attendance group by show_id) m)
         as biggest_show,
       (select max(n) from (select count(*) as n from artist_alerts group by performer_id) m)
         as biggest_artist`,
    [activeFans],
  );
  const d = rows[0];
  console.log(
    `Per active fan: ${Number(d.shows).toFixed(1)} shows, ${Number(d.pals).toFixed(1)} pals; ${Number(d.fans_a_show).toFixed(0)} fans a show on average, ${Number(d.biggest_show).toLocaleString('en-US')} at the biggest; the most watched artist has ${Number(d.biggest_artist).toLocaleString('en-US')} followers`,
  );
}
