import { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';

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
 * Pino hooks for every logger of ours. A warning or error is written on the next turn of the
 * event loop (setImmediate): the same Ctrl-C reaches this process and Postgres at once, and on a
 * busy machine the connection errors Postgres causes can be read before the signal is handled.
 * By the check phase, a signal already delivered has been handled.
 */
export const QUIET_SHUTDOWN_HOOKS: LoggerHooks = {
  logMethod(args, method, level) {
    if (level < WARN || level >= FATAL) return method.apply(this, args);
    const logger = this as unknown as { debug: LogFn };
    setImmediate(() => {
      if (intendedShutdown) logger.debug(...args);
      else (method as LogFn).apply(this, args);
    });
  },
};

/** Fastify's two `info` lines per request off (see the logger option in app.ts). */
export const QUIET_REQUESTS = new LogController({ disableRequestLogging: true });

/** One `debug` line per request instead. */
export function logRequestsAtDebug(app: FastifyInstance): void {
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
