import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createDatabase, type Database } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { benchPlace } from './bench-place.ts';
import { type HostSpeed, measureHostSpeed } from './host-speed.ts';

export type BenchDatabase = {
  /** The host's speed, measured before Postgres started (printed already). */
  host: HostSpeed;
  database: Database;
  connectionString: string;
  dataDir: string;
  /** Closes the pool, stops Postgres and removes the data folder. */
  stop: () => Promise<void>;
};

/**
 * A bench's own empty Postgres with Encore's tables, in a place of its own (bench-place.ts);
 * `parent`, when given, holds the data folder instead of DATA_DIR or /tmp. The host's speed comes
 * first, before Postgres starts and the world is generated: then the two cores are the host's,
 * not shared with this bench's own database (host-speed.ts).
 */
export async function startBenchDatabase(
  bench: string,
  givenPort: string | undefined,
  parent?: string,
): Promise<BenchDatabase> {
  const place = await benchPlace(bench, givenPort);
  // A given folder holds the bench's own (removed at the end), never anything else in it.
  const dataDir = parent ? join(parent, basename(place.dataDir)) : place.dataDir;
  rmSync(dataDir, { recursive: true, force: true });
  const host = await measureHostSpeed();
  console.log(host.line);
  const postgres = await startEmbeddedPostgres({ dataDir, port: place.port });
  const database = createDatabase(postgres.connectionString);
  const stop = async () => {
    await database.close();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await runMigrations(database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, database, connectionString: postgres.connectionString, dataDir, stop };
}
