import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { executePrepared } from '../../src/db/prepared.ts';
import { createTestDatabase } from '../support/test-app.ts';

/**
 * The dispatch's hot statements run as named prepared statements: Postgres parses each once per
 * connection. What they return must not change: the same rows as orm.execute, dates included.
 */
describe('executePrepared', () => {
  let database: Database;
  beforeAll(async () => {
    // One connection, so every statement below runs in the session whose prepared ones we read.
    const { url, database: created } = await createTestDatabase();
    await created.close();
    database = createDatabase(url, { max: 1 });
  });
  afterAll(() => database.close());

  const statement = (n: number) =>
    sql`select ${n}::int as n, timestamptz '2026-06-14 20:00:00+00' as at,
          array_length(${sql.param(['a', 'b', 'c'])}::text[], 1) as items`;

  it('answers the rows orm.execute answers, dates as the strings drizzle leaves them', async () => {
    const { rows } = await executePrepared(database.orm, statement(1));
    const { rows: plain } = await database.orm.execute(statement(1));
    expect(rows).toEqual(plain);
    expect(rows).toEqual([{ n: 1, at: expect.any(String), items: 3 }]);
    expect(new Date(String(rows[0]?.at)).toISOString()).toBe('2026-06-14T20:00:00.000Z');
  });

  it('prepares a statement once per connection and reuses it with new values', async () => {
    const prepared = async () =>
      (
        await database.pool.query<{ name: string }>(
          `select name from pg_prepared_statements where name like 'encore_%'`,
        )
      ).rows.map((r) => r.name);
    const before = await prepared();
    await executePrepared(database.orm, statement(2));
    await executePrepared(database.orm, statement(3));
    const after = await prepared();
    // The statement of the first test is the same text: no new one.
    expect(after).toEqual(before);
    expect(after).toHaveLength(1);
    const { rows } = await executePrepared<{ n: number }>(database.orm, statement(4));
    expect(rows[0]?.n).toBe(4);
  });

  it('gives another text its own statement rather than a clash', async () => {
    const { rows } = await executePrepared<{ one: number }>(database.orm, sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
    const { rows: names } = await database.pool.query(
      `select name from pg_prepared_statements where name like 'encore_%'`,
    );
    expect(names).toHaveLength(2);
  });
});
