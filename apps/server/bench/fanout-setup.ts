import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createDatabase, type Database } from '../src/db/client.ts';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createShowRepo } from '../src/repositories/show.repo.ts';
import { benchPlace } from './bench-place.ts';
import { machineLine } from './bench-sinks.ts';
import { generateWorld, type WorldSize } from './generate-world.ts';

/**
 * A scratch embedded Postgres with track_commit_timestamp on, so the bench can read when each
 * row became visible (fanout-measure.ts). The setting needs a restart: a warm start here.
 * `onStarted` hears of each running server, so a failure in between still stops it.
 */
export async function startScratchPostgres(
  dataDir: string,
  port: number,
  onStarted: (handle: EmbeddedPostgresHandle) => void,
): Promise<EmbeddedPostgresHandle> {
  const first = await startEmbeddedPostgres({ dataDir, port });
  onStarted(first);
  const setup = createDatabase(first.connectionString);
  await setup.pool.query('alter system set track_commit_timestamp = on');
  await setup.close();
  await first.stop();
  const postgres = await startEmbeddedPostgres({ dataDir, port });
  onStarted(postgres);
  return postgres;
}

/**
 * web-push only speaks HTTPS: a self-signed certificate for 127.0.0.1 that the push sink serves
 * and the worker trusts through NODE_EXTRA_CA_CERTS, so the worker runs unmodified.
 */
export function makeCertificate(dir: string): { key: string; cert: string } {
  mkdirSync(dir, { recursive: true });
  const files = { key: join(dir, 'key.pem'), cert: join(dir, 'cert.pem') };
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', files.key, '-out', files.cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return files;
}

/**
 * The headliner ('p1', the generator's most watched performer) announces a show at the venue
 * nearest Times Square, through the show repository as the API does: show, 'announced' event
 * and the NOTIFY that wakes the matcher, in one transaction.
 */
export async function announceHeadliner(database: Database) {
  const { pool } = database;
  const { rows: venues } = await pool.query<{
    user_id: string;
    latitude: number;
    longitude: number;
  }>(
    `select user_id, latitude, longitude from venue_profiles
     order by earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(40.7590, -73.9845))
     limit 1`,
  );
  const venue = venues[0];
  if (!venue) throw new Error('no venue was generated');
  const { rows: genres } = await pool.query<{ genre: string }>(
    `select genres[1] as genre from performer_profiles where user_id = 'p1'`,
  );
  const startsAt = new Date(Date.now() + 60 * 86_400_000);
  // The bench's own performer at a venue, written as confirmed (the default): its fans hear now.
  const { id: showId } = await createShowRepo(database.orm).create(
    {
      performerId: 'p1',
      venueId: venue.user_id,
      latitude: venue.latitude,
      longitude: venue.longitude,
      startsAt,
      timeZone: 'America/New_York',
      genre: genres[0]?.genre ?? 'Pop',
      createdBy: 'p1',
    },
    [{ kind: 'announced', payload: { startsAt: startsAt.toISOString() } }],
    [],
  );
  const { rows: events } = await pool.query<{ id: string }>(
    'select id from show_events where show_id = $1',
    [showId],
  );
  return { showId, eventId: events[0]?.id ?? '' };
}

/**
 * A bench's scratch world kept in `dataDir` (`--dir`): the host's line printed, its Postgres
 * started (startScratchPostgres) on `givenPort` or a free one, a database on it, and whether the
 * folder was new (the world is still to be generated). `close()` ends both.
 */
export async function openKeptWorld(name: string, dataDir: string, givenPort?: string) {
  const { port } = await benchPlace(name, givenPort, 1);
  const fresh = !existsSync(join(dataDir, 'postgres'));
  console.log(machineLine());
  let stop = async () => {};
  const postgres = await startScratchPostgres(dataDir, port, (h) => {
    stop = h.stop;
  });
  const database = createDatabase(postgres.connectionString);
  return {
    database,
    fresh,
    close: async () => {
      await database.close();
      await stop();
    },
  };
}

/**
 * bench:fanout's world kept in `dataDir` (openKeptWorld), migrated, and generated when the folder
 * is new: `size`, with 30% of the fans within 50 mi of Times Square. Answers as openKeptWorld;
 * `fresh` says the caller may add to the new world.
 */
export async function openFanoutWorld(
  name: string,
  dataDir: string,
  givenPort: string | undefined,
  size: WorldSize,
) {
  const world = await openKeptWorld(name, dataDir, givenPort);
  try {
    await runMigrations(world.database);
    if (world.fresh) {
      await generateWorld(world.database.pool, size, (s) => console.log(`  ${s}`), {
        zip: '10036',
        miles: 50,
        share: 0.3,
      });
    }
    return world;
  } catch (error) {
    await world.close();
    throw error;
  }
}

const dialect = new PgDialect();

/** drizzle's SQL as text with its parameters inlined (EXPLAIN takes no bind parameters here). */
export const inlineSql = (query: SQL) => dialect.sqlToQuery(query.inlineParams()).sql;
