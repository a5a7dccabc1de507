import type pg from 'pg';

/**
 * What a refused request may change by design, left out of the comparison: a whole table, or
 * some of its columns.
 */
const CHANGED_BY_REFUSALS: Record<string, 'all' | string[]> = {
  // Every attempt counts toward its rate limit, refused or not (a wrong password is a try).
  'public.rate_limit_counter': 'all',
  // A wrong SMS code uses up one of the code's tries, and the last try clears the code.
  'public.phone_verifications': ['attempts', 'code_hash'],
};

/**
 * Watches the test database for changes, cheaply: a statement trigger on every table bumps that
 * table's own sequence (never rolled back, so it also counts writes that were undone), and only
 * the tables whose sequence moved are hashed again (row count and content) and compared. One
 * sequence for every table had each request that touched its session re-hash all ~60 tables,
 * twice: the fuzz was 211 s of the server tests on a quiet host and 599 s under load.
 */
export class DbState {
  private tables: string[] = [];
  /** Each table's write count when its digest was taken. */
  private writesAtSnapshot = new Map<string, string>();
  private snapshot = new Map<string, string>();
  private writesQuery = '';

  constructor(private readonly pool: pg.Pool) {}

  async install(): Promise<void> {
    const { rows } = await this.pool.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name
         from information_schema.tables
        where table_type = 'BASE TABLE'
          and table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
        order by 1`,
    );
    this.tables = rows.map((row) => row.name).filter((name) => CHANGED_BY_REFUSALS[name] !== 'all');
    await this.pool.query(`
      create or replace function fuzz_note_write() returns trigger language plpgsql as
        $$ begin perform nextval(tg_argv[0]::regclass); return null; end $$;`);
    for (const [i, table] of this.tables.entries()) {
      await this.pool.query(`create sequence if not exists fuzz_writes_${i}`);
      await this.pool.query(
        `create trigger fuzz_note_write after insert or update or delete or truncate on ${table}
           for each statement execute function fuzz_note_write('fuzz_writes_${i}')`,
      );
    }
    this.writesQuery = this.tables
      .map(
        (_, i) =>
          `select ${i} as i, last_value::text || is_called::text as n from fuzz_writes_${i}`,
      )
      .join(' union all ');
    await this.takeSnapshot(this.tables, await this.writes());
  }

  /** Re-reads the content of the tables written since the last snapshot (fixtures, successes). */
  async refresh(): Promise<void> {
    const writes = await this.writes();
    await this.takeSnapshot(this.moved(writes), writes);
  }

  /** The tables whose rows differ from the snapshot (and makes the current state the snapshot). */
  async changedTables(): Promise<string[]> {
    const writes = await this.writes();
    const moved = this.moved(writes);
    if (moved.length === 0) return [];
    const before = new Map(this.snapshot);
    await this.takeSnapshot(moved, writes);
    return moved.filter((table) => before.get(table) !== this.snapshot.get(table));
  }

  /** The tables written since their digest was taken. */
  private moved(writes: Map<string, string>): string[] {
    return this.tables.filter((table) => writes.get(table) !== this.writesAtSnapshot.get(table));
  }

  private async writes(): Promise<Map<string, string>> {
    const { rows } = await this.pool.query<{ i: number; n: string }>(this.writesQuery);
    return new Map(rows.map((row) => [this.tables[row.i] as string, row.n]));
  }

  private async takeSnapshot(tables: string[], writes: Map<string, string>): Promise<void> {
    if (tables.length === 0) return;
    const sql = tables
      .map((table) => {
        const ignored = CHANGED_BY_REFUSALS[table];
        const row = Array.isArray(ignored)
          ? `(to_jsonb(t) ${ignored.map((column) => `- '${column}'`).join(' ')})::text`
          : 't::text';
        return `select '${table}' as name, count(*)::text || ':' ||
             coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as digest
           from ${table} t`;
      })
      .join(' union all ');
    const { rows } = await this.pool.query<{ name: string; digest: string }>(sql);
    for (const row of rows) this.snapshot.set(row.name, row.digest);
    for (const table of tables) this.writesAtSnapshot.set(table, writes.get(table) ?? '');
  }
}
