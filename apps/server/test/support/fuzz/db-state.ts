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
 * Watches the test database for changes, cheaply: a statement trigger on every table bumps a
 * sequence (never rolled back, so it also counts writes that were undone), and only when it
 * moved does `changedTables` compare each table's row count and content hash.
 */
export class DbState {
  private tables: string[] = [];
  private writesAtSnapshot = '';
  private snapshot = new Map<string, string>();

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
      create sequence if not exists fuzz_writes;
      create or replace function fuzz_note_write() returns trigger language plpgsql as
        $$ begin perform nextval('fuzz_writes'); return null; end $$;`);
    for (const table of this.tables) {
      await this.pool.query(
        `create trigger fuzz_note_write after insert or update or delete or truncate on ${table}
           for each statement execute function fuzz_note_write()`,
      );
    }
    await this.takeSnapshot();
  }

  /** Re-reads the content if anything wrote since the last snapshot (fixtures, successes). */
  async refresh(): Promise<void> {
    if ((await this.writes()) !== this.writesAtSnapshot) await this.takeSnapshot();
  }

  /** The tables whose rows differ from the snapshot (and makes the current state the snapshot). */
  async changedTables(): Promise<string[]> {
    if ((await this.writes()) === this.writesAtSnapshot) return [];
    const before = this.snapshot;
    await this.takeSnapshot();
    return this.tables.filter((table) => before.get(table) !== this.snapshot.get(table));
  }

  private async writes(): Promise<string> {
    const { rows } = await this.pool.query<{ n: string }>(
      `select last_value::text || is_called::text as n from fuzz_writes`,
    );
    return rows[0]?.n ?? '';
  }

  private async takeSnapshot(): Promise<void> {
    const writes = await this.writes();
    const sql = this.tables
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
    this.snapshot = new Map(rows.map((row) => [row.name, row.digest]));
    this.writesAtSnapshot = writes;
  }
}
