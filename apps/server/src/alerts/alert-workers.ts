import type { FastifyBaseLogger } from 'fastify';
import { Logger, type Runner, run } from 'graphile-worker';
import type { AppConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { PG_CHANNELS } from '../db/pg-channels.ts';
import { createPgListener } from '../db/pg-listener.ts';
import type { AlertMetrics } from '../metrics/alert-metrics.ts';
import { createShowRepo } from '../repositories/show.repo.ts';
import { createArtistMessageOutbox, type OutgoingArtistMessage } from './artist-message-outbox.ts';
import type { ChannelSender, DispatchSender, OutboundChannel } from './channel-sender.ts';
import { createArtistMessageEmailSender } from './channels/artist-message-email-sender.ts';
import type { ChannelSenderDeps } from './channels/channel-deps.ts';
import { createEmailAlertSender } from './channels/email-alert-sender.ts';
import {
  createPushAlertSender,
  type PushAlertSenderOptions,
} from './channels/push-alert-sender.ts';
import { createSmsAlertSender } from './channels/sms-alert-sender.ts';
import { DIGEST_CRON, releaseDigest } from './digest.ts';
import {
  DISPATCH_DEFAULTS,
  type DispatchLoop,
  type DispatchOptions,
  startDispatchLoop,
} from './dispatch-loop.ts';
import { type MatchOptions, matchEvent, matchPendingEvents } from './match-event.ts';
import { releaseDueOnSales } from './on-sale-release.ts';
import { createOutbox } from './outbox.ts';

const MATCH_TASK = 'alerts_match_event';
const DIGEST_TASK = 'alerts_release_digest';
/** The safety net: events whose job or notification was lost are matched within this. */
const SWEEP_MS = 5_000;

export type AlertWorkerOptions = {
  /**
   * The channel senders; unless a test gives its own, the real senders of `config.alertChannels`
   * (ALERT_CHANNELS), or of `channels` when given.
   */
  senders?: ChannelSender[];
  channels?: readonly OutboundChannel[];
  /**
   * Whether this process matches events and releases the digest (graphile-worker, the sweep):
   * true but in the per-channel children of `npm run worker`, which only deliver.
   */
  matching?: boolean;
  /** Test seam for the real push sender (trusting a local push service's certificate). */
  push?: PushAlertSenderOptions;
  dispatch?: Partial<DispatchOptions>;
  /** Test seam: how events are matched (fan ranges small enough to slice a small world). */
  match?: MatchOptions;
  /** Dispatch loops per channel (they share the work through SKIP LOCKED). */
  loopsPerChannel?: number;
  /** When the digest is released (DIGEST_CRON); null: never, for tests that release it themselves. */
  digestCron?: string | null;
  /** The process' alert figures (metrics/alert-metrics.ts), when it serves /metrics. */
  metrics?: AlertMetrics;
  /**
   * The artist messages' email sender (decision 045); by default the real one when this process
   * delivers email with the real senders, none otherwise.
   */
  artistMessageSender?: DispatchSender<OutgoingArtistMessage> | null;
};

export type AlertWorkers = { stop: () => Promise<void> };

/** The alert workers' own pool: the connections of their loops and matches (below). */
export const ALERT_POOL_MAX = 16;

/**
 * The alert engine's background work, in whichever process runs it (the API by default, or
 * `npm run worker`); any number of processes may run it against one database.
 * - Matching runs as graphile-worker jobs, one per show event (job key = event id), queued when
 *   the event's transaction commits (NOTIFY), and by a sweep every few seconds for any unmatched
 *   event. graphile-worker retries a failed match with its own back-off.
 * - The daily digest is a graphile-worker cron job.
 * - Delivery is a loop per outbound channel claiming batches from the outbox.
 */
export async function startAlertWorkers(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  options: AlertWorkerOptions = {},
): Promise<AlertWorkers> {
  // The workers' own pools, so a burst of deliveries never makes API requests wait for a
  // connection (and the reverse): one for our loops, one inside graphile-worker.
  const connectionString = database.pool.options.connectionString;
  // Sized for two matches at once (each a claiming session and two fan ranges in flight) beside
  // six dispatch loops and the sweep, without waiting on each other for a connection. Kept open:
  // a match's ranges on new connections pay for their backends' first writes to shared memory
  // (client.ts), 0.6–0.9 s of a 1.8-s in-app pass at 1M fans; the pool's 16 are in the
  // connection budget already (docs/operations.md).
  const own = connectionString
    ? createDatabase(connectionString, { max: ALERT_POOL_MAX, keepConnections: true })
    : database;
  // graphile-worker's pool is ours too: the pool graphile-worker makes from a connection string
  // loses its 'error' listener when the runner stops, so a connection Postgres terminated then
  // (a restart, a shutdown) became an uncaught exception. createDatabase's listener stays.
  // It waits longer for a connection than our pools: graphile-worker 0.17 does not await a job's
  // completion (worker.js calls completeJob without a catch), so a connect timeout there is an
  // unhandled rejection, which ends the process. Seen once in CI on a loaded host (5 s); 60 s
  // covers a slow connect or a Postgres restart, and the job stays queued meanwhile.
  const queue = connectionString
    ? createDatabase(connectionString, { max: 4, connectionTimeoutMillis: 60_000 })
    : database;
  const { orm } = own;
  // The job's matches and the sweep's both counted in the process' figures.
  const match = { onMatched: options.metrics?.matched, ...options.match };
  const runner =
    (options.matching ?? true) ? await startMatching(queue, orm, log, match, options) : undefined;

  const senders =
    options.senders ??
    realSenders(config, own, log, options.channels ?? config.alertChannels, options.push);
  const outbox = createOutbox(orm, config.publicUrl);
  const dispatch = {
    ...DISPATCH_DEFAULTS,
    leaseMs: config.alertLeaseMs,
    metrics: options.metrics,
    ...options.dispatch,
  };
  const loops: DispatchLoop[] = senders.flatMap((sender) =>
    Array.from({ length: options.loopsPerChannel ?? 2 }, () =>
      startDispatchLoop(outbox, sender, log, dispatch),
    ),
  );

  const channels = options.channels ?? config.alertChannels;
  const artistSender =
    options.artistMessageSender !== undefined
      ? options.artistMessageSender
      : !options.senders && channels.includes('email')
        ? createArtistMessageEmailSender({ config, orm, log })
        : null;
  const artistLoop =
    artistSender &&
    startDispatchLoop(
      createArtistMessageOutbox(orm, config.publicUrl),
      artistSender,
      log,
      dispatch,
    );

  const enqueue = (eventId: string) =>
    runner
      ?.addJob(MATCH_TASK, { eventId }, { jobKey: eventId, jobKeyMode: 'preserve_run_at' })
      .catch((error: unknown) => log.warn({ err: error, eventId }, 'queueing a match failed'));
  const listener = createPgListener(own.pool.options, log);
  if (runner) listener.on(PG_CHANNELS.showEvent, (eventId) => void enqueue(eventId));
  listener.on(PG_CHANNELS.matched, () => {
    for (const loop of loops) loop.wake();
  });
  listener.on(PG_CHANNELS.artistMessage, () => artistLoop?.wake());

  // Every few seconds: shows whose on-sale time passed go on sale (their events alert fans), and
  // events a lost notice left unmatched are matched.
  const shows = createShowRepo(orm);
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping || !runner) return;
    sweeping = true;
    releaseDueOnSales(shows)
      .then((released) => {
        if (released > 0) log.info({ shows: released }, 'shows put on sale at their on-sale time');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'putting shows on sale failed'))
      .then(() => matchPendingEvents(orm, match))
      .catch((error: unknown) => log.warn({ err: error }, 'matching unmatched events failed'))
      .finally(() => {
        sweeping = false;
      });
  }, SWEEP_MS);

  let stopping: Promise<void> | undefined;
  return {
    stop: () => {
      stopping ??= (async () => {
        clearInterval(sweep);
        await listener.close();
        await Promise.all([...loops, ...(artistLoop ? [artistLoop] : [])].map((l) => l.stop()));
        await runner?.stop();
        await Promise.all(senders.map((sender) => sender.close?.()));
        await artistSender?.close?.();
        if (own !== database) await own.close();
        if (queue !== database) await queue.close();
      })();
      return stopping;
    },
  };
}

/**
 * graphile-worker: a matching job per show event (job key = event id) and the digest's cron.
 */
function startMatching(
  queue: Database,
  orm: Database['orm'],
  log: FastifyBaseLogger,
  match: MatchOptions,
  options: AlertWorkerOptions,
): Promise<Runner> {
  routeConsoleTraceToDebug(log);
  return run({
    pgPool: queue.pool,
    concurrency: 2,
    noHandleSignals: true,
    // A new job is heard at once (graphile-worker LISTENs); the poll only finds a failed match's
    // retry coming due, and each poll is a transaction per worker: idle, it was ~1 a second.
    pollInterval: 10_000,
    logger: graphileLogger(log),
    taskList: {
      [MATCH_TASK]: async (payload) => {
        const { eventId } = payload as { eventId: string };
        const written = await matchEvent(orm, eventId, match);
        if (written !== null) log.info({ eventId, deliveries: written }, 'show event matched');
      },
      [DIGEST_TASK]: async () => {
        const released = await releaseDigest(orm);
        log.info(released, 'daily digest released');
      },
    },
    ...(options.digestCron === null
      ? { parsedCronItems: [] }
      : { crontab: `${options.digestCron ?? DIGEST_CRON} ${DIGEST_TASK}` }),
  });
}

/**
 * Each alert channel's real sender: a channel added to the contract's ALERT_CHANNELS fails the
 * type check here until it has one (and test/alerts/channel-wiring.test.ts names it).
 */
export const CHANNEL_SENDERS: Record<
  OutboundChannel,
  (deps: ChannelSenderDeps, push: PushAlertSenderOptions) => ChannelSender
> = {
  push: (deps, push) => createPushAlertSender(deps, push),
  email: (deps) => createEmailAlertSender(deps),
  sms: (deps) => createSmsAlertSender(deps),
};

function realSenders(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  channels: readonly OutboundChannel[],
  push: PushAlertSenderOptions = {},
): ChannelSender[] {
  const deps = { config, orm: database.orm, log };
  return channels.map((channel) => CHANNEL_SENDERS[channel](deps, push));
}

/**
 * graphile-worker prints a worker's exit error with `console.trace` (its main.js) and then logs
 * the same error through our logger ("Worker exited with error"), which the quiet-shutdown hooks
 * handle. The raw trace bypassed them: a Ctrl-C that ended Postgres before the worker pool printed
 * a stack on every stop under load. Nothing else here calls console.trace; its lines go to debug.
 */
export function routeConsoleTraceToDebug(log: FastifyBaseLogger): void {
  console.trace = (...args: unknown[]) => {
    const [first, ...rest] = args;
    log.debug({ err: first instanceof Error ? first : undefined, args: rest }, 'console.trace');
  };
}

/** graphile-worker's log lines through the app's logger (its debug chatter stays at debug). */
function graphileLogger(log: FastifyBaseLogger): Logger {
  return new Logger(() => (level, message, meta) => {
    const entry = { graphile: meta };
    if (level === 'error') log.error(entry, message);
    else if (level === 'warning') log.warn(entry, message);
    else if (level === 'info') log.debug(entry, message);
    else log.trace(entry, message);
  });
}
