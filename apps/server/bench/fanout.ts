/**
 * `npm run bench:fanout [-- --fans 1000000 --port 4800]`
 *
 * One announcement fanned out to about half of a million-fan world, end to end: a scratch
 * embedded Postgres, the real worker (`src/worker.ts`) as its own process, and local push, SMTP
 * and SMS sinks as three more; the show is announced through the show repository as the API
 * does. Prints materialisation rows/s against a bare INSERT ... SELECT of as many rows, the
 * time to the first in-app alert and to the last delivery row, per-channel delivery rates and
 * every process's peak memory. Goals in docs/performance.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { readPostmasterPid } from '../src/db/postgres-process.ts';
import { createShowRepo } from '../src/repositories/show.repo.ts';
import { bareInsert, channelFigures, fanoutTimes, pendingOutbound } from './fanout-measure.ts';
import {
  largestChildPeakKb,
  peakRssKb,
  sinkReport,
  startSink,
  startWorker,
  stopAllChildren,
  stopChild,
} from './fanout-processes.ts';
import { printReport } from './fanout-report.ts';
import { generateAudience } from './generate-audience.ts';
import { generateWorld } from './generate-world.ts';
import { seconds } from './stats.ts';

const { values } = parseArgs({
  options: {
    fans: { type: 'string', default: '1000000' },
    port: { type: 'string', default: '4800' },
  },
});
const fans = Number(values.fans);
const port = Number(values.port);
const ports = { postgres: port, smtp: port + 1, sms: port + 2, push: port + 3 };
/** The headliner ('p1', the generator's most watched performer) plays near Times Square. */
const METRO = { zip: '10036', miles: 50, share: 0.3 };
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

// Under /tmp: as root, Postgres runs as `postgres` and cannot enter 0700 folders (GOTCHAS.md).
const dataDir = `/tmp/encore-bench-fanout-${port}`;
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1/5/15 min) ${load()}`,
);

let cleaned = false;
let stopPostgres = async () => {};
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await stopAllChildren();
  await stopPostgres();
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

try {
  // Commit timestamps let the bench read when each row became visible (fanout-measure.ts); the
  // setting needs a restart, which is a warm start here.
  const first = await startEmbeddedPostgres({ dataDir, port: ports.postgres });
  stopPostgres = first.stop;
  const setup = createDatabase(first.connectionString);
  await setup.pool.query('alter system set track_commit_timestamp = on');
  await setup.close();
  await first.stop();
  const postgres = await startEmbeddedPostgres({ dataDir, port: ports.postgres });
  stopPostgres = postgres.stop;
  const database = createDatabase(postgres.connectionString);
  const { pool } = database;
  try {
    await runMigrations(database);
    const t0 = performance.now();
    const size = { fans, shows: 20_000, performers: 10_000, venues: 5_000 };
    await generateWorld(pool, size, (step) => console.log(`  ${step}`), METRO);
    const pushBase = `https://127.0.0.1:${ports.push}/push/`;
    await generateAudience(pool, { headliner: 'p1', pushEndpointBase: pushBase }, (step) =>
      console.log(`  ${step}`),
    );
    console.log(`World generated in ${seconds(performance.now() - t0)}`);

    // web-push only speaks HTTPS: a self-signed certificate the worker trusts through
    // NODE_EXTRA_CA_CERTS, so the worker runs unmodified.
    const certDir = join(dataDir, 'push-cert');
    mkdirSync(certDir, { recursive: true });
    const [key, cert] = [join(certDir, 'key.pem'), join(certDir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const sinks = {
      push: await startSink('push', ports.push, [key, cert]),
      email: await startSink('email', ports.smtp),
      sms: await startSink('sms', ports.sms),
    };
    const worker = await startWorker({
      DATABASE_URL: postgres.connectionString,
      DATA_DIR: join(dataDir, 'worker'),
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      SMS_API_URL: `http://127.0.0.1:${ports.sms}`,
      SMS_ACCOUNT_SID: 'ACbench',
      SMS_AUTH_TOKEN: 'bench-token',
      SMS_FROM: '+15550100000',
      NODE_EXTRA_CA_CERTS: cert,
      LOG_LEVEL: 'warn',
    });

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
    // A clean start: the generator's dirty pages are not the matcher's to write.
    await pool.query('checkpoint');
    console.log(`\nAnnouncing (load average ${load()})...`);
    const startsAt = new Date(Date.now() + 60 * 86_400_000);
    const showId = await createShowRepo(database.orm).create(
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
      { kind: 'announced', payload: { startsAt: startsAt.toISOString() } },
    );
    const { rows: events } = await pool.query<{ id: string }>(
      'select id from show_events where show_id = $1',
      [showId],
    );
    const eventId = events[0]?.id ?? '';
    const deadline = Date.now() + 30 * 60_000;
    const waitFor = async (label: string, done: () => Promise<boolean>, everyMs: number) => {
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    };
    await waitFor(
      'the match',
      async () => {
        const { rows } = await pool.query(
          'select 1 from show_events where id = $1 and matched_at is not null',
          [eventId],
        );
        return rows.length > 0;
      },
      20,
    );
    await waitFor('dispatch', async () => (await pendingOutbound(pool)) === 0, 500);

    const times = await fanoutTimes(pool, showId, eventId);
    const channels = await channelFigures(pool, eventId);
    const memory = {
      driver: process.resourceUsage().maxRSS,
      worker: peakRssKb(worker.pid),
      'largest Postgres backend': largestChildPeakKb(
        readPostmasterPid(join(dataDir, 'postgres')) ?? -1,
      ),
    };
    const sunk = {
      push: await sinkReport(sinks.push),
      email: await sinkReport(sinks.email),
      sms: await sinkReport(sinks.sms),
    };
    await stopChild(worker);
    const written = channels.reduce((sum, c) => sum + c.rows, 0);
    console.log(
      `\nBare reference: inserting ${written.toLocaleString('en-US')} rows (load average ${load()})...`,
    );
    const bareMs = await bareInsert(pool, written, eventId);
    printReport({ fans, times, channels, sunk, memory, bareMs, load: load() });
  } finally {
    await database.close();
  }
} finally {
  await cleanUp();
}
