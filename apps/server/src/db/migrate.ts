import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATION_LOCK_KEY } from './advisory-locks.ts';
import type { Database } from './client.ts';
import { fixShowTimeZones } from './show-time-zones.ts';
import { fixTicketUrls } from './ticket-urls.ts';
import { syncZipPlaces } from './zip-places.ts';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the committed migrations. Several API or worker processes may start at once against
 * one database, so the run is serialised with an advisory lock; the second finds nothing to do.
 * Then zip_places is brought up to the bundled ZIP table, and the data fixes that need code run
 * once (data_fixes), under the same lock (db/zip-places.ts, db/show-time-zones.ts,
 * db/ticket-urls.ts).
 */
export async function runMigrations(database: Database): Promise<void> {
  const lockClient = await database.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(database.orm, { migrationsFolder: MIGRATIONS_FOLDER });
    await syncZipPlaces(lockClient);
    await fixShowTimeZones(lockClient);
    await fixTicketUrls(lockClient);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}
