/**
 * `npm run bench:planner [-- --venues 2000 --fans 1000000 --followers 100000 --samples 10
 *   --port 4970 --data-dir /tmp/x]`   (quick run: `-- --venues 400 --fans 100000 --samples 3`)
 *
 * Generates the tour planner's world (generate-planner.ts) in a throwaway embedded Postgres on a
 * free port (or --port) in a folder of its own (or --data-dir / DATA_DIR), starts the app on a
 * free port, signs the bench performer in through the login route, and times POST
 * /api/tour-plans over HTTP for each prompt, `samples` times after two to warm up. Prints
 * p50/p95/p99/max per prompt, then one request's statements slowest first with the slowest one's
 * plan, with the host's speed (host-speed.ts). Goal: a 15-date plan in ≤ 2 s (p95) on a
 * slow host.
 */
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/auth/password.ts';
import { benchApp, serve } from './bench-app.ts';
import { startBenchDatabase } from './bench-database.ts';
import { BENCH_PLANNER_PERFORMER, generatePlannerWorld } from './generate-planner.ts';
import { machine, verdict } from './host-speed.ts';
import { printStatements, slowestQuery } from './slowest-query.ts';
import { percentile, seconds } from './stats.ts';

const { values } = parseArgs({
  options: {
    venues: { type: 'string', default: '2000' },
    fans: { type: 'string', default: '1000000' },
    followers: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '10' },
    /** Postgres' port; a free one by default. */
    port: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const samples = Number(values.samples);
const PASSWORD = 'BenchPassword1';
const GOAL_MS = 2000;
const WARM_UP = 2;
/** The goal's plan first; then the whole country and a small region. */
const PROMPTS = [
  '15 dates in the Northeast and Midwest in April, 500-2000 capacity, max 400 miles a day',
  '20 dates in May, 300-1500 capacity, max 500 miles a day',
  '6 dates in New England in June, 300-1000 capacity, max 200 miles a day',
];

const { host, database, connectionString, dataDir, stop } = await startBenchDatabase(
  'planner',
  values.port,
  values['data-dir'] ?? process.env.DATA_DIR,
);
// The bench sends far more plans than a performer may: lift the tour planner's rate limit.
const app = await benchApp(database, connectionString, dataDir, {
  RATE_LIMIT_TOUR_PLANS: '1000000',
});
try {
  const started = performance.now();
  const counts = await generatePlannerWorld(
    database.pool,
    {
      venues: Number(values.venues),
      fans: Number(values.fans),
      followers: Number(values.followers),
      pastShows: 60,
      upcomingShows: 25,
    },
    await hashPassword(PASSWORD),
    (step) => console.log(`  ${step}`),
  );
  console.log(
    `Setup (generation, vacuum analyze) in ${seconds(performance.now() - started)}: ${Object.entries(
      counts,
    )
      .map(([table, n]) => `${n.toLocaleString('en-US')} ${table}`)
      .join(', ')}`,
  );

  const { base, login } = await serve(app, PASSWORD);
  const cookie = await login(BENCH_PLANNER_PERFORMER.email);
  const plan = async (prompt: string) => {
    const response = await fetch(`${base}/api/tour-plans`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt }),
    });
    const body = (await response.json()) as {
      venues?: unknown[];
      understood?: string;
      error?: { message: string };
    };
    if (response.status !== 201)
      throw new Error(`${prompt}: ${response.status} ${body.error?.message}`);
    return { venues: body.venues?.length ?? 0, understood: body.understood ?? '' };
  };

  console.log(`\n${samples} sequential plans per prompt over HTTP (after ${WARM_UP} to warm up):`);
  let goal = Number.NaN;
  for (const prompt of PROMPTS) {
    let planned = { venues: 0, understood: '' };
    for (let i = 0; i < WARM_UP; i++) planned = await plan(prompt);
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      await plan(prompt);
      times.push(performance.now() - t0);
    }
    if (prompt === PROMPTS[0]) goal = percentile(times, 95);
    const ms = (p: number) => `${percentile(times, p).toFixed(0)} ms`;
    console.log(
      `"${prompt}"\n  ${planned.understood} → ${planned.venues} venues: p50 ${ms(50)} · p95 ${ms(95)} · p99 ${ms(99)} · max ${ms(100)}`,
    );
  }
  console.log(
    `Goal: a 15-date plan in ≤ ${GOAL_MS} ms: ${verdict(goal <= GOAL_MS, host)} (p95 ${goal.toFixed(0)} ms)`,
  );
  console.log(host.line);
  // Where the 15-date plan's time goes: its statements, slowest first, and the slowest's plan.
  const t0 = performance.now();
  const found = await slowestQuery(database.pool, () => plan(PROMPTS[0] as string));
  console.log(
    `\nThe 15-date plan once more: ${(performance.now() - t0).toFixed(1)} ms, ${found.statements.length} statements, slowest first:`,
  );
  printStatements(found);
  console.log(`Machine at the end: ${machine()}`);
} finally {
  await app.close();
  await stop();
}
