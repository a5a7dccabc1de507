import type { SqlClient } from '../db/client.ts';
import { ALL_FANS, type FanRange } from '../repositories/alerts/fan-range.repo.ts';
import { matchRepo } from '../repositories/alerts/match.repo.ts';

/**
 * Fans per slice of a big audience. A slice of 50,000 fans (~25,000 deliveries at the bench's
 * audience share) commits in a fraction of a second, so the first alerts are out while the rest
 * is being written, and no transaction holds hundreds of thousands of new rows.
 */
export const SLICE_FANS = 50_000;

/** Rows sampled to place the slice boundaries: plenty for 1% quantiles. */
const SAMPLE_ROWS = 20_000;

/**
 * The fans split by id into about (fans ÷ sliceFans) ranges of similar size, from quantiles of a
 * sample of the user table's pages; one range (everyone) when the world is small. The first range
 * is a quarter of the others, so the first alerts commit soon after the announcement.
 * Boundaries are real ids and compared in SQL, so the ranges cover every id exactly once whatever
 * the collation.
 */
export async function fanSlices(db: SqlClient, sliceFans: number): Promise<FanRange[]> {
  let fans = await matchRepo.estimatedUsers(db);
  // Never analysed (a new database): small enough to count.
  if (fans < 0) fans = await matchRepo.countUsers(db);
  const slices = Math.ceil(fans / sliceFans);
  if (slices <= 1) return [ALL_FANS];
  const fractions = [1 / (4 * slices)];
  for (let i = 1; i < slices; i++) fractions.push(i / slices);
  const percent = Math.min(100, Math.max(0.1, (100 * SAMPLE_ROWS) / fans));
  // Ascending already (in the database's order); a small sample may repeat a value.
  const bounds = (await matchRepo.fanQuantiles(db, fractions, percent)).filter(
    (b, i, all) => i === 0 || b !== all[i - 1],
  );
  const edges = [null, ...bounds, null];
  return edges.slice(1).map((to, i) => ({ from: edges[i] ?? null, to }));
}
