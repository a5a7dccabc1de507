import type pg from 'pg';

type Timed = { text: string; values: unknown[]; ms: number; rows: number };

/**
 * Where an API's time goes: records every statement the app sends through `pool` while `work`
 * runs (the text, its parameters, how long it took as the app waited for it, the rows it
 * returned) and answers them slowest first, with the slowest one's plan from EXPLAIN (ANALYZE,
 * BUFFERS) run once more afterwards with the same parameters. A statement that waited far longer
 * than its plan's execution time spent it queued for a connection or a CPU, not in Postgres.
 */
export async function slowestQuery(
  pool: pg.Pool,
  work: () => Promise<unknown>,
): Promise<{ statements: Timed[]; plan: string }> {
  const seen: Timed[] = [];
  type Query = (...args: unknown[]) => Promise<unknown>;
  const recorder =
    (original: Query) =>
    async (...args: unknown[]) => {
      const [first, second] = args;
      // pg takes (text, values) or (config, values); drizzle passes its values beside a config.
      const config = (typeof first === 'string' ? { text: first } : first) as {
        text: string;
        values?: unknown[];
      };
      const values = config.values ?? (Array.isArray(second) ? second : []);
      const t0 = performance.now();
      const result = (await original(...args)) as { rowCount?: number | null } | undefined;
      seen.push({
        text: config.text,
        values,
        ms: performance.now() - t0,
        rows: result?.rowCount ?? 0,
      });
      return result;
    };
  const original = pool.query.bind(pool) as Query;
  (pool as unknown as { query: Query }).query = recorder(original);
  // Transactions take a client of their own (drizzle's orm.transaction): record its statements
  // too while `work` runs, and give each client its own query back afterwards.
  // pg's own pool.query borrows with a callback: those stay as they were (recorded above).
  type Connect = (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
  const connect = pool.connect.bind(pool) as Connect;
  const borrowed = new Map<pg.PoolClient, Query>();
  (pool as unknown as { connect: Connect }).connect = (...args) =>
    args.length > 0 ? connect(...args) : borrow();
  const borrow = async () => {
    const client = (await connect()) as pg.PoolClient;
    const own = client.query as unknown as Query;
    const release = client.release;
    borrowed.set(client, own);
    (client as unknown as { query: Query }).query = recorder(own.bind(client));
    // Back in the pool it is pg's own again, so pool.query's statements are not counted twice.
    client.release = (...args: Parameters<typeof release>) => {
      (client as unknown as { query: Query }).query = own;
      client.release = release;
      borrowed.delete(client);
      return release.apply(client, args);
    };
    return client;
  };
  try {
    await work();
  } finally {
    (pool as unknown as { query: Query }).query = original;
    (pool as unknown as { connect: typeof connect }).connect = connect;
    for (const [client, own] of borrowed) (client as unknown as { query: Query }).query = own;
  }
  const statements = seen.sort((a, b) => b.ms - a.ms);
  const slowest = statements[0];
  if (!slowest) return { statements, plan: '' };
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${slowest.text}`,
    slowest.values,
  );
  return { statements, plan: rows.map((r) => r['QUERY PLAN']).join('\n') };
}

/** Prints what `slowestQuery` found: each statement's wait, rows and start, then the slowest's plan. */
export function printStatements({ statements, plan }: { statements: Timed[]; plan: string }) {
  for (const s of statements) {
    const first = s.text.replace(/\s+/g, ' ').trim().slice(0, 90);
    console.log(`  ${s.ms.toFixed(1).padStart(7)} ms ${String(s.rows).padStart(6)} rows  ${first}`);
  }
  console.log(`Its slowest in full, and its plan:\n${statements[0]?.text}\n${plan}`);
}
