import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { executePrepared, executeRendered, renderOnce } from '../../src/db/prepared.ts';
import { createTestDatabase } from '../support/test-app.ts';

let database: Database;
let url: string;
beforeAll(async () => {
  ({ database, url } = await createTestDatabase());
});
afterAll(() => database.close());

const sample = (n: number) => sql`
  select ${n}::int as n, timestamptz '2026-01-02 03:04:05.678+00' as at, date '2026-01-02' as day,
    interval '90 minutes' as span, 1.5::float8 as ratio, json_build_object('a', ${n}::int) as doc,
    array['x', 'y'] as list, null::text as nothing`;

describe('executePrepared', () => {
  it('answers the rows orm.execute answers, run after run', async () => {
    const plain = await database.orm.execute(sample(1));
    for (let run = 0; run < 7; run += 1) {
      const prepared = await executePrepared(database.orm, sample(1));
      expect(prepared.rows).toEqual(plain.rows);
    }
    expect((await executePrepared(database.orm, sample(2))).rows[0]?.doc).toEqual({ a: 2 });
  });

  it('runs a named statement on the pool', async () => {
    // One connection, so the statement is prepared where the check looks.
    const single = createDatabase(url, { max: 1 });
    try {
      await executePrepared(single.orm, sql`select 1 as one where ${'x'}::text = 'x'`);
      const { rows } = await single.pool.query<{ name: string }>(
        'select name from pg_prepared_statements',
      );
      expect(rows.map((r) => r.name)).toEqual([expect.stringMatching(/^encore_/)]);
    } finally {
      await single.close();
    }
  });

  it('stays inside a transaction when given one', async () => {
    await database.orm.execute(sql`create table prepared_probe (id int)`);
    await database.orm.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe values (1)`);
      const seen = await executePrepared<{ n: number }>(
        tx,
        sql`select count(*)::int as n from prepared_probe`,
      );
      expect(seen.rows[0]?.n).toBe(1);
    });
  });
});

describe('executeRendered', () => {
  const rendered = renderOnce(sql`
    select ${sql.placeholder('n')}::int as n, ${sql.placeholder('n')}::int + 1 as next,
      ${sql.placeholder('at')}::timestamptz as at, ${'fixed'}::text as fixed`);

  it('answers what executePrepared answers for the same values, run after run', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const plain = await executePrepared(
      database.orm,
      sql`select ${3}::int as n, ${3}::int + 1 as next, ${at}::timestamptz as at,
        ${'fixed'}::text as fixed`,
    );
    for (let run = 0; run < 7; run += 1) {
      const { rows } = await executeRendered(database.orm, rendered, { n: 3, at });
      expect(rows).toEqual(plain.rows);
    }
    const other = await executeRendered(database.orm, rendered, { n: 5, at });
    expect(other.rows[0]).toMatchObject({ n: 5, next: 6, fixed: 'fixed' });
  });

  it('runs a named statement on the pool', async () => {
    const single = createDatabase(url, { max: 1 });
    try {
      await executeRendered(single.orm, rendered, { n: 1, at: new Date() });
      const { rows } = await single.pool.query<{ name: string }>(
        'select name from pg_prepared_statements',
      );
      expect(rows.map((r) => r.name)).toEqual([expect.stringMatching(/^encore_/)]);
    } finally {
      await single.close();
    }
  });
});
