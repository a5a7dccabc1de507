import type pg from 'pg';

/** One real write, committed on its own (its notice is sent when it commits). */
export type RowStep = { what: string; sql: string; values: unknown[] };
/** A change to one row of a table, and the write that puts the row back as it was. */
export type RowMutation = { change: RowStep; restore: RowStep };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Tables whose row lives as long as its account: a show's performer or venue, a going fan, always
 * has a profile, so a profile is edited (its names, its photo), never deleted.
 */
const ALWAYS_THERE = new Set(['performer_profiles', 'venue_profiles', 'fan_profiles']);

/**
 * A change to each row of `table` as it is now, and its undoing: a row nothing references is
 * deleted and put back (its triggers, rollups included, run both ways); a referenced row (a show,
 * a show event, an account) or a profile is edited and restored, since deleting it would take its
 * dependants along (or leave a state the product never reaches): its timestamps a day later,
 * its free text (names, photos) changed. Shows are also moved a day, moved sooner, cancelled, given results
 * and a genre, moved across the country, and copied as a new show (an announcement) that is then removed. `spare`: an id
 * whose rows are not changed.
 */
export async function rowMutations(
  pool: pg.Pool,
  table: string,
  { spare }: { spare?: string } = {},
): Promise<RowMutation[]> {
  const columns = await writableColumns(pool, table);
  const { rows: all } = await pool.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(t) as row from ${quoted(table)} t order by 1`,
  );
  // A row of the spared account (the caller's canary) is left as it is.
  const rows = all.filter(({ row }) => !Object.values(row).includes(spare));
  if (!ALWAYS_THERE.has(table) && !(await isReferenced(pool, table))) {
    return rows.map(({ row }) => ({
      change: {
        what: `deleted ${describe(row)}`,
        sql: `delete from ${quoted(table)} t where to_jsonb(t) = $1::jsonb`,
        values: [JSON.stringify(row)],
      },
      restore: {
        what: `put back ${describe(row)}`,
        sql: insertSql(table, columns),
        values: [JSON.stringify(row)],
      },
    }));
  }
  // Edited rows are found by their id, a profile's by its account's.
  const key = columns.includes('id') ? 'id' : 'user_id';
  const restore = (row: Record<string, unknown>): RowStep => ({
    what: `restored ${describe(row)}`,
    sql: `update ${quoted(table)} t set (${columns.map(quoted).join(', ')}) =
      (select ${columns.map((c) => `o.${quoted(c)}`).join(', ')}
       from jsonb_populate_record(null::${quoted(table)}, $1::jsonb) o)
      where t.${quoted(key)} = $1::jsonb ->> '${key}'`,
    values: [JSON.stringify(row)],
  });
  const edit = (row: Record<string, unknown>, what: string, set: string): RowMutation => ({
    change: {
      what: `${what} (${describe(row)})`,
      sql: `update ${quoted(table)} set ${set} where ${quoted(key)} = $1`,
      values: [row[key]],
    },
    restore: restore(row),
  });
  const timestamps = await timestampColumns(pool, table);
  const texts = await freeTextColumns(pool, table);
  return rows.flatMap(({ row }) => {
    const edits = timestamps.map((c) =>
      edit(row, `${c} a day later`, `${quoted(c)} = ${quoted(c)} + interval '1 day'`),
    );
    // A name or a photo changed (an account's, say): every free text column at once. Not a
    // show's: its text columns are its time zone and an unlisted venue's place, edited below.
    if (texts.length > 0 && table !== 'shows') {
      const set = texts.map((c) => `${quoted(c)} = coalesce(${quoted(c)}, '') || '~'`).join(', ');
      edits.push(edit(row, `${texts.join(', ')} edited`, set));
    }
    if (table !== 'shows') return edits;
    const copy = { ...row, id: `copy-of-${String(row.id)}` };
    return [
      ...edits,
      edit(row, 'cancelled', `status = 'cancelled'`),
      edit(row, 'results entered', 'attendance = coalesce(attendance, 0) + 7'),
      // Before every other show and back (decision 061): into the first page of a listing cut at
      // its limit, which only the new start's day in its notice can drop.
      edit(row, 'moved sooner', `starts_at = now() + interval '1 hour'`),
      edit(row, 'genre changed', `genre = case when genre = 'Rock' then 'Jazz' else 'Rock' end`),
      // Across the country and back (decision 055): its restoring brings it into listings that
      // do not show it, which only the cell its notice names can drop.
      edit(row, 'moved far', 'latitude = latitude - 6, longitude = longitude - 30'),
      {
        change: {
          what: `announced a copy of ${describe(row)}`,
          sql: insertSql(table, columns),
          values: [JSON.stringify(copy)],
        },
        restore: {
          what: `deleted the copy of ${describe(row)}`,
          sql: 'delete from shows where id = $1',
          values: [copy.id],
        },
      },
    ];
  });
}

function insertSql(table: string, columns: string[]): string {
  const list = columns.map(quoted).join(', ');
  return `insert into ${quoted(table)} (${list}) overriding system value
    select ${list} from jsonb_populate_record(null::${quoted(table)}, $1::jsonb)`;
}

/** A row as a failure names it: its ids. */
function describe(row: Record<string, unknown>): string {
  const ids = Object.entries(row).filter(([k]) => k === 'id' || k.endsWith('_id') || k === 'fan_a');
  return ids.map(([k, value]) => `${k}=${String(value)}`).join(' ');
}

async function writableColumns(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}

async function timestampColumns(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1
       and data_type = 'timestamp with time zone'
     order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.name);
}

/** Text columns no key, reference or check constraint governs: free to edit. */
async function freeTextColumns(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
       and a.atttypid = 'text'::regtype
       and not exists (select 1 from pg_constraint c
         where c.conrelid = a.attrelid and a.attnum = any(c.conkey) and c.contype in ('p', 'f', 'c'))
     order by a.attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}

async function isReferenced(pool: pg.Pool, table: string): Promise<boolean> {
  const { rows } = await pool.query(
    `select 1 from pg_constraint where contype = 'f' and confrelid = $1::regclass limit 1`,
    [table],
  );
  return rows.length > 0;
}
