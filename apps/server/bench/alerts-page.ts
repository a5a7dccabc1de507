/**
 * `npm run bench:alerts-page [-- --fans 1000000 --shows 100000 --samples 1000]`
 *
 * Generates a large Encore (fans spread over real US ZIPs with genres, radii, artist alerts and
 * going marks; performers, venues and shows over the past 12 and next 6 months) in a throwaway
 * embedded Postgres, then times the 'Your Alerts' query (the same repository function the
 * /api/fan/alerts route calls) for random fans and prints p50/p95/p99, with the host's speed
 * (host-speed.ts). Goal: p95 under 50 ms on a slow host.
 */
import { parseArgs } from 'node:util';
import { createFanPagesRepo } from '../src/repositories/fan-pages.repo.ts';
import { startBenchDatabase } from './bench-database.ts';
import { generateWorld, type WorldSize } from './generate-world.ts';
import { verdict } from './host-speed.ts';
import { percentile, seconds } from './stats.ts';

const { values } = parseArgs({
  options: {
    fans: { type: 'string', default: '1000000' },
    shows: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '1000' },
    /** Postgres' port; a free one by default. */
    port: { type: 'string' },
  },
});
const size: WorldSize = {
  fans: Number(values.fans),
  shows: Number(values.shows),
  // Roughly the proportions of a real catalogue: one performer per 10 shows, one venue per 20.
  performers: Math.max(10, Math.round(Number(values.shows) / 10)),
  venues: Math.max(10, Math.round(Number(values.shows) / 20)),
};
const samples = Number(values.samples);

const { host, database, stop } = await startBenchDatabase('alerts', values.port);
try {
  const started = performance.now();
  const counts = await generateWorld(database.pool, size, (step) => console.log(`  ${step}`));
  console.log(
    `Generated in ${seconds(performance.now() - started)}: ${Object.entries(counts)
      .map(([table, n]) => `${n.toLocaleString('en-US')} ${table}`)
      .join(', ')}`,
  );

  const { rows } = await database.pool.query<{ user_id: string }>(
    'select user_id from fan_profiles order by random() limit $1',
    [samples],
  );
  const fanIds = rows.map((r) => r.user_id);
  const repo = createFanPagesRepo(database.orm);
  // Warm the connection pool and the plan cache the way a running server would be.
  for (const fanId of fanIds.slice(0, 50)) await repo.alertsFeed(fanId, { limit: 20 });

  const firstPage: number[] = [];
  const nextPage: number[] = [];
  let cards = 0;
  for (const fanId of fanIds) {
    const t0 = performance.now();
    const page = await repo.alertsFeed(fanId, { limit: 20 });
    firstPage.push(performance.now() - t0);
    cards += page.items.length;
    if (page.nextCursor) {
      const t1 = performance.now();
      await repo.alertsFeed(fanId, { cursor: page.nextCursor, limit: 20 });
      nextPage.push(performance.now() - t1);
    }
  }
  const report = (label: string, times: number[]) =>
    console.log(
      `${label}: n=${times.length} p50 ${percentile(times, 50).toFixed(1)} ms · p95 ${percentile(times, 95).toFixed(1)} ms · p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  console.log(`\n/alerts query for ${fanIds.length} random fans (20 cards a page):`);
  report('first page', firstPage);
  report('next page ', nextPage);
  console.log(`average cards on the first page: ${(cards / fanIds.length).toFixed(1)}`);
  const p95 = percentile(firstPage, 95);
  console.log(`Goal p95 < 50 ms: ${verdict(p95 < 50, host)} (${p95.toFixed(1)} ms)`);
  console.log(host.line);
} finally {
  await stop();
}
