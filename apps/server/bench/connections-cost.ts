/**
 * `npx tsx apps/server/bench/connections-cost.ts [--rounds 3 --asks 40]`
 *
 * What an API request costs on new Postgres connections against kept ones (decision 065): Encore
 * with the demo data (as `npm start` serves it, demo-encore.ts) for its database, and in this
 * process the app (`buildApp`, PAGE_CACHES=off, so every request reads the database) on a pool of
 * its own, asked through `app.inject` for demo artists' pages and demo fans' Your Alerts. Each
 * kind is asked `--asks` times on the pool's kept connections, then as often with the pool's idle
 * connections dropped before each request, so every request opens the connections it uses: a
 * process whose pool closed them after a quiet spell. Prints median and max per round, and the
 * host's speed first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/demo/demo-accounts.ts';
import { injectSignIn } from './bench-app.ts';
import { startDemoEncore } from './demo-encore.ts';
import { measureHostSpeed } from './host-speed.ts';
import { median } from './stats.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    asks: { type: 'string', default: '40' },
  },
});
const asks = Number(values.asks);

/** pg-pool's idle list: dropped by hand, as its idle timer would after IDLE_CONNECTION_MS. */
type IdleList = { _idle: Array<{ client: unknown }>; _remove: (client: unknown) => void };

console.log((await measureHostSpeed()).line);
const demo = await startDemoEncore('connections-cost', undefined, { span: 3, pgOffset: 1 });
try {
  const password = readFileSync(join(demo.dataDir, 'postgres-password'), 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@localhost:${demo.pgPort}/encore`;
  const database = createDatabase(url, { keepConnections: true });
  const config = loadConfig(
    { PAGE_CACHES: 'off', WORKERS: 'off', RATE_LIMIT_LOGIN: '100000000' },
    {
      databaseUrl: url,
      dataDir: demo.dataDir,
      publicUrl: 'http://127.0.0.1',
      authSecret: readFileSync(join(demo.dataDir, 'auth-secret'), 'utf8').trim(),
      logLevel: 'silent',
      webDistDir: '/nonexistent/web-dist',
    },
  );
  const app = await buildApp(config, database);
  await app.ready();
  const db = new pg.Client(url);
  await db.connect();
  const artists = (
    await db.query<{ id: string }>(
      'select user_id as id from performer_profiles order by user_id limit $1',
      [asks],
    )
  ).rows.map((r) => r.id);
  const emails = (
    await db.query<{ email: string }>(
      `select email from "user" where role = 'fan' and email like '%@demo.encore.test'
       order by md5(id) limit $1`,
      [asks],
    )
  ).rows.map((r) => r.email);
  await db.end();
  const cookies: string[] = [];
  for (const email of emails) cookies.push(await injectSignIn(app, email, DEMO_PASSWORD));
  const idle = database.pool as unknown as IdleList;
  const dropIdle = () => {
    for (const item of [...idle._idle]) idle._remove(item.client);
  };
  const kinds = [
    { label: 'artist page', asks: artists.map((id) => ({ url: `/api/artists/${id}` })) },
    {
      label: 'Your Alerts',
      asks: cookies.map((cookie) => ({ url: '/api/fan/alerts', headers: { cookie } })),
    },
  ];
  // Every key once first: V8's compiled code and the prepared statements' plans are warm.
  for (const kind of kinds)
    for (const ask of kind.asks) await app.inject({ method: 'GET', ...ask });
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const kind of kinds) {
      for (const connections of ['kept', 'new'] as const) {
        const ms: number[] = [];
        for (const ask of kind.asks) {
          if (connections === 'new') dropIdle();
          const t0 = performance.now();
          const r = await app.inject({ method: 'GET', ...ask });
          ms.push(performance.now() - t0);
          if (r.statusCode !== 200) throw new Error(`${kind.label}: ${r.statusCode}`);
        }
        console.log(
          `round ${round}, ${kind.label} on ${connections} connections: median ${median(ms).toFixed(2)} ms, max ${Math.max(...ms).toFixed(1)} ms (${ms.length} requests)`,
        );
      }
    }
  }
  await app.close();
  await database.close();
} finally {
  await demo.stop();
}
