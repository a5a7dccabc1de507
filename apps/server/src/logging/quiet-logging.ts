import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Logger } from 'pino';

type LoggerHooks = Extract<FastifyServerOptions['logger'], object>['hooks'];

/**
 * Two things that kept `npm start`'s output from being read: a line per request at `info`, and
 * error lines on every Ctrl-C. Requests are logged at `debug` (LOG_LEVEL=debug shows them), and
 * once a signal asked this process to stop, warnings and errors go to `debug`: Ctrl-C reaches the
 * whole process group, embedded Postgres included, which ends every connection ("terminating
 * connection due to administrator command") while the LISTEN connection and the loops close.
 */
let intendedShutdown = false;

/** Called by main.ts when a signal asks Encore to stop, before anything is closed. */
export function markIntendedShutdown(): void {
  intendedShutdown = true;
}

const WARN = 40;
const FATAL = 60;

type LogFn = (...args: unknown[]) => void;

/**
 * How long a warning or error about a lost connection waits for a signal before it is written.
 * The same Ctrl-C reaches this process and Postgres at once, but on a loaded machine the thread
 * that receives our signal may not run for a while, and Postgres can end our connections first
 * (seen under `stress-ng --cpu 4`: one turn of the event loop was not enough). Nothing is lost by
 * the wait: a real outage's lines are written a moment later.
 */
export const LOST_CONNECTION_GRACE_MS = 1000;

/**
 * Pino hooks for every logger of ours. A warning or error about a lost connection waits
 * LOST_CONNECTION_GRACE_MS for the signal that explains it; others are written at once.
 */
export const QUIET_SHUTDOWN_HOOKS: LoggerHooks = {
  logMethod(args, method, level) {
    if (level < WARN || level >= FATAL) return method.apply(this, args);
    const logger = this as unknown as { debug: LogFn };
    const write = () => {
      if (intendedShutdown) logger.debug(...args);
      else (method as LogFn).apply(this, args);
    };
    if (intendedShutdown || !mentionsLostConnection(args)) write();
    else setTimeout(write, LOST_CONNECTION_GRACE_MS);
  },
};

/**
 * 57P01 admin_shutdown, and what pg and graphile-worker say once their connection is gone; and
 * 57014 query_canceled: Ctrl-C's SIGINT also reaches each Postgres backend, which cancels the
 * statement it is running ("canceling statement due to user request"; a CI run's dispatch loop
 * logged one, 2026-12-02). A statement timeout is 57014 too: written after the grace. And 57P03
 * cannot_connect_now: a loop whose connection Postgres just ended asks for a new one while
 * Postgres stops ("the database system is shutting down"; a CI run's artist-message loop and
 * LISTEN connection logged it, 2026-12-04).
 */
const LOST_CONNECTION =
  /57P01|57P03|57014|terminating connection|Connection terminated|not queryable|ECONNRESET|ECONNREFUSED/;

function mentionsLostConnection(args: unknown[]): boolean {
  return args.some((arg) => LOST_CONNECTION.test(describe(arg, 0)));
}

/** Messages and codes of a log call's arguments, their errors and causes (a few levels deep). */
function describe(value: unknown, depth: number): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object' || depth > 3) return '';
  const { message, code, err, error, graphile, cause } = value as Record<string, unknown>;
  return [message, code]
    .filter((part) => typeof part === 'string')
    .concat([err, error, graphile, cause].map((part) => describe(part, depth + 1)))
    .join(' ');
}

/** Fastify's two `info` lines per request off (see the logger option in app.ts). */
export const QUIET_REQUESTS = new LogController({ disableRequestLogging: true });

/**
 * One `debug` line per request instead, when LOG_LEVEL lets debug lines through (the level is
 * fixed at start): otherwise no hook, since every hook runs on every request, cached pages' too.
 */
export function logRequestsAtDebug(app: FastifyInstance): void {
  // Fastify's logger is pino's, whose type Fastify narrows.
  if (!(app.log as Logger).isLevelEnabled('debug')) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        // The route's pattern, not the URL: paths and query strings can carry tokens.
        route: request.routeOptions.url ?? request.url.split('?')[0],
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  });
}
