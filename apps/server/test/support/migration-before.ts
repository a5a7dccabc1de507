import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase } from '../../src/db/client.ts';
import { makeTempDir } from './paths.ts';

const MIGRATIONS = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

/**
 * A database of its own for testing migration `index` on rows written before it: `before()`
 * migrates it up to the one before (the migrations until then in a folder of their own), the test
 * writes its rows, `rest()` runs every migration from `index` on. `close()` drops it.
 */
export async function databaseBeforeMigration(index: number) {
  const scratch = makeTempDir(`migration-${index}`);
  cpSync(MIGRATIONS, scratch, { recursive: true });
  const journalFile = join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < index);
  writeFileSync(journalFile, JSON.stringify(journal));
  const name = `test_m${index}_${Date.now()}`;
  const adminUrl = inject('adminDatabaseUrl');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const database = createDatabase(adminUrl.replace(/\/postgres$/, `/${name}`));
  return {
    database,
    before: () => migrate(database.orm, { migrationsFolder: scratch }),
    rest: () => migrate(database.orm, { migrationsFolder: MIGRATIONS }),
    async close() {
      await database.close();
      await admin(`drop database if exists ${name}`);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
