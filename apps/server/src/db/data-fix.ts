import type pg from 'pg';

/**
 * Runs a data fix that needs code once per database (data_fixes, migration 0023): after the
 * migrations and under their lock, in one transaction with its data_fixes row, so a crash leaves
 * it to be redone whole and a second process finds it done. Answers `work`'s count, or 0 when the
 * fix ran before.
 */
export async function runDataFixOnce(
  client: pg.ClientBase,
  name: string,
  work: () => Promise<number>,
): Promise<number> {
  const { rowCount } = await client.query('select 1 from data_fixes where name = $1', [name]);
  if (rowCount) return 0;
  await client.query('begin');
  try {
    const done = await work();
    await client.query('insert into data_fixes (name) values ($1)', [name]);
    await client.query('commit');
    return done;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
