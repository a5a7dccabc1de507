import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import packageJson from '../package.json' with { type: 'json' };
import { createEmailSender } from './adapters/email/email-sender.ts';
import { createSmsSender } from './adapters/sms/sms-sender.ts';
import { createAuth, sessionCookieName } from './auth/auth.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { accessGuard, requireAccessRules } from './http/access-guard.ts';
import { cacheControl } from './http/cache-control.ts';
import { type OwnPageHits, serverAnsweringCachedHits } from './http/cached-hits.ts';
import { registerCompression } from './http/compression.ts';
import { csrfGuard } from './http/csrf.ts';
import { errorHandler } from './http/error-handler.ts';
import { registerJsonParser } from './http/json-body.ts';
import { registerOpenApi } from './http/openapi.ts';
import { ownWritesSeen } from './http/own-writes-seen.ts';
import { createPrivateCache } from './http/private-cache.ts';
import { listenForPrivateChanges } from './http/private-change-listener.ts';
import { createPublicCache } from './http/public-cache.ts';
import { registerRateLimits } from './http/rate-limit-rules.ts';
import { measureRequests } from './http/request-metrics.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createShowCardFragments, listenForShowFragments } from './http/show-fragments.ts';
import { loadSpaShell } from './http/spa-index.ts';
import { registerSpa } from './http/static-spa.ts';
import {
  logRequestsAtDebug,
  QUIET_REQUESTS,
  QUIET_SHUTDOWN_HOOKS,
} from './logging/quiet-logging.ts';
import { LOG_SERIALIZERS } from './logging/safe-error.ts';
import { type AlertMetrics, createAlertMetrics } from './metrics/alert-metrics.ts';
import { createMetrics, type MetricSources } from './metrics/metrics.ts';
import { startMetricsServer, withChildFigures } from './metrics/metrics-server.ts';
import { createAlertStatusRepo } from './repositories/alerts/alert-status.repo.ts';
import { createEventTimesRepo } from './repositories/alerts/event-times.repo.ts';
import { createMatchedFansRepo } from './repositories/alerts/matched-fans.repo.ts';
import { createHealthRepo } from './repositories/health.repo.ts';
import { createRateLimitRepo } from './repositories/rate-limit.repo.ts';
import { createSitemapRepo } from './repositories/sitemap.repo.ts';
import { createUserRepo } from './repositories/user.repo.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { registerAccountSecurity } from './routes/account-security.register.ts';
import { registerAlertChannels } from './routes/alert-channels.register.ts';
import { registerArtistMessages } from './routes/artist-message.register.ts';
import { registerBookingRequests } from './routes/booking-request.register.ts';
import { clientEventsRoutes } from './routes/client-events.routes.ts';
import { registerFanLocation } from './routes/fan-location.register.ts';
import { registerFanPages } from './routes/fan-pages.register.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { registerLastfm } from './routes/lastfm.register.ts';
import { registerNotifications } from './routes/notification.register.ts';
import { registerProfiles } from './routes/profile.register.ts';
import { seoRoutes } from './routes/seo.routes.ts';
import { registerShows } from './routes/show.register.ts';
import { registerShowPals } from './routes/show-pals.register.ts';
import { registerSpotify } from './routes/spotify.register.ts';
import { registerTourPlanner } from './routes/tour-planner.register.ts';
import { createAccountService } from './services/account.service.ts';
import { createHealthService } from './services/health.service.ts';
import { createSeoService } from './services/seo.service.ts';
import type { WorkerFigures } from './worker-children.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * With METRICS_PORT and WORKERS=in-process: the alert engine's figures in this process'
     * /metrics, handed to the alert workers main-lib.ts starts in the API's process.
     */
    alertMetrics?: AlertMetrics;
  }
}

/** Small JSON bodies only: nothing in the API needs more, and big bodies are cheap DoS. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The HTTP application, without listening: main-lib.ts listens, tests use `app.inject`. The
 * caller owns `database` (and closes it after `app.close()`). `logStream` (tests) receives the
 * JSON log lines instead of stdout.
 */
export async function buildApp(
  config: AppConfig,
  database: Database,
  {
    logStream,
    workerFigures,
  }: {
    logStream?: { write: (line: string) => void };
    /** WORKERS=on: the alert workers' process' figures, summed into /metrics (main-lib.ts). */
    workerFigures?: WorkerFigures;
  } = {},
): Promise<FastifyInstance> {
  // The public pages' cache, one per process, emptied by the database's change notices
  // (routes/show.register.ts listens for them); its hits are answered before Fastify, as are
  // the users' own pages' once their cache exists (below).
  const publicCache = createPublicCache({ off: !config.pageCaches, answersEarly: true });
  const ownPageHits: OwnPageHits = {};
  const app = Fastify({
    serverFactory: serverAnsweringCachedHits(publicCache, config.publicUrl, ownPageHits),
    logger: {
      level: config.logLevel,
      serializers: LOG_SERIALIZERS,
      hooks: QUIET_SHUTDOWN_HOOKS,
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // Malformed and over-long URLs are refused by the router before any route: same error shape.
    frameworkErrors: errorHandler,
    logController: QUIET_REQUESTS,
  });
  logRequestsAtDebug(app);
  requireAccessRules(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonParser(app);
  app.addHook('onRequest', csrfGuard(config.trustedOrigins));
  app.addHook('onSend', securityHeaders({ publicUrl: config.publicUrl }));
  // No cache keeps an API answer unless its route is listed in http/cache-control.ts.
  app.addHook('onSend', cacheControl());
  // A write's answer waits until this process heard its change notices: the writer's next read
  // never gets a cached public page from before it.
  app.addHook('onSend', ownWritesSeen(publicCache));
  // Before any route, the docs' included: it hooks each route as it is added.
  await registerCompression(app);
  await registerOpenApi(app, {
    version: packageJson.version,
    publicUrl: config.publicUrl,
    sessionCookie: sessionCookieName(config.publicUrl),
  });

  // Before any route: it adds the limits of http/rate-limit-rules.ts' routes as they register.
  registerRateLimits(app, config.rateLimit, createRateLimitRepo(database.orm));

  const email = createEmailSender(config, app.log);
  app.addHook('onClose', async () => email.close());
  const sms = createSmsSender(config, app.log);
  const auth = createAuth(config, database, app.log, email);
  // Serve once the first LISTEN attempt is over, so the session cache is on from the first request.
  app.addHook('onReady', async () => auth.sessionChanges.ready());
  app.addHook('onClose', async () => auth.sessionChanges.close());
  // Each user's own pages (the notification centre, the fan dashboard), cached per process and
  // dropped by the database's notices, heard on the session cache's connection.
  const privatePages = createPrivateCache({ off: !config.pageCaches });
  listenForPrivateChanges(
    privatePages,
    auth.sessionChanges,
    createMatchedFansRepo(database.orm).matchedAmong,
    app.log,
  );
  // Your Alerts' show cards, kept apart from the pages (decision 051), on the same connection.
  const fragments = createShowCardFragments({ off: !config.showFragments });
  listenForShowFragments(fragments, auth.sessionChanges);
  const alertMetrics = serveMetrics(app, config, database, workerFigures, {
    process: 'api',
    pool: database.pool,
    pendingDeliveries: createAlertStatusRepo(database.orm).pendingByChannel,
    caches: {
      public: publicCache.counts,
      private: privatePages.counts,
      // Your Alerts' own cards, kept beside the pages (decision 060).
      private_parts: privatePages.partCounts,
    },
    sessions: auth.sessionCache.counts,
  });
  if (alertMetrics) app.decorate('alertMetrics', alertMetrics);
  ownPageHits.answer = (req, res, fixed) =>
    privatePages.answerEarly(req, res, auth.sessionInMemory, fixed);
  // After the CSRF guard: a cross-site request is refused as such before its session is looked up.
  app.addHook('onRequest', accessGuard(auth));
  await app.register(accountRoutes, {
    prefix: '/api/account',
    service: createAccountService(auth, createUserRepo(database.orm)),
  });
  await registerAccountSecurity(app, { config, database, auth, email, sms });
  await registerProfiles(app, { config, database, auth, privatePages });
  // The web app's index.html, read once: the public pages' HTML and every other page's.
  const spa = loadSpaShell(config.webDistDir);
  await registerShows(app, { config, database, auth, email, publicCache, spa });
  await registerBookingRequests(app, { config, database, auth, email });
  await registerFanPages(app, { config, database, auth, privatePages, fragments });
  await registerFanLocation(app, { database, auth });
  await registerShowPals(app, { config, database, auth, email });
  await registerAlertChannels(app, { config, database, auth });
  await registerNotifications(app, { database, auth, privatePages });
  await registerArtistMessages(app, { database, auth });
  await registerSpotify(app, { config, database, auth });
  await registerLastfm(app, { config, database, auth });
  await registerTourPlanner(app, { config, database, auth });
  await app.register(healthRoutes, {
    prefix: '/api',
    service: createHealthService(createHealthRepo(database), packageJson.version),
  });
  await app.register(clientEventsRoutes, { prefix: '/api/client-events' });
  await app.register(seoRoutes, {
    service: createSeoService(createSitemapRepo(database.orm), config.publicUrl),
  });
  await registerSpa(app, config.webDistDir, spa);
  return app;
}

/**
 * With METRICS_PORT set: every request measured, and GET /metrics served on that port from the
 * moment the app is ready until it closes (metrics/metrics-server.ts). Without it, nothing.
 * The alert workers' figures (sends, failures, latency, matches; `npm run worker` serves the
 * same) are in it too: with WORKERS=in-process they go in this registry, and the handle to
 * record them is returned; with WORKERS=on they are their process' own, asked for over IPC at
 * each scrape and summed with these (prom-client's AggregatorRegistry, as `npm run worker` sums
 * its children's).
 */
function serveMetrics(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
  workerFigures: WorkerFigures | undefined,
  sources: MetricSources,
): AlertMetrics | undefined {
  const { port, host } = config.metrics;
  if (port === undefined) return undefined;
  const metrics = createMetrics(sources);
  measureRequests(app, metrics);
  const alerts =
    config.workers === 'in-process'
      ? createAlertMetrics(metrics.registry, createEventTimesRepo(database.orm).writtenAt)
      : undefined;
  let server: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  app.addHook('onReady', async () => {
    // The worker child's, when main-lib.ts started one before listening.
    const figures = withChildFigures(metrics.registry, workerFigures?.read);
    server = await startMetricsServer(figures, { port, host }, app.log);
    app.log.info(`Metrics on http://${host}:${port}/metrics`);
  });
  app.addHook('onClose', async () => server?.close());
  return alerts;
}

/** Fastify accepts a hop count at run time, but its types only take a function for that. */
function trustProxyOption(value: AppConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}
