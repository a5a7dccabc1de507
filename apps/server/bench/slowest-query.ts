import type pg from 'pg';

type Timed = { text: string; values: unknown[]; ms: number };

/**
 * Where an API's time goes: records every statement the app sends through `pool` while `work`
 * runs (the text, its parameters and how long it took) and answers the slowest, with its plan
 * from EXPLAIN (ANALYZE, BUFFERS) run once more afterwards with the same parameters.
 */
export async function slowestQuery(
  pool: pg.Pool,
  work: () => Promise<unknown>,
): Promise<{ statements: number; slowest: Timed | null; plan: string }> {
  const seen: Timed[] = [];
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const record = async (...args: unknown[]) => {
    const [first, second] = args;
    // pg takes (text, values) or (config, values); drizzle passes its values beside a config.
    const config = (typeof first === 'string' ? { text: first } : first) as {
      text: string;
      values?: unknown[];
    };
    const values = config.values ?? (Array.isArray(second) ? second : []);
    const t0 = performance.now();
    const result = await original(...args);
    seen.push({ text: config.text, values, ms: performance.now() - t0 });
    return result;
  };
  (pool as unknown as { query: typeof record }).query = record;
  try {
    await work();
  } finally {
    (pool as unknown as { query: typeof original }).query = original;
  }
  const slowest = seen.reduce<Timed | null>((a, b) => (a && a.ms >= b.ms ? a : b), null);
  if (!slowest) return { statements: 0, slowest, plan: '' };
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${slowest.text}`,
    slowest.values,
  );
  return {
    statements: seen.length,
    slowest,
    plan: rows.map((r) => r['QUERY PLAN']).join('\n'),
  };
}
