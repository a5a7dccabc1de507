import { ZApiError } from '@encore/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { RateLimits } from '../config.ts';
import type { RateLimitRepo } from '../repositories/rate-limit.repo.ts';
import { type HitCounter, rateLimit, schedulePrune } from './rate-limit.ts';
import { batchFor, createBatchedCounter } from './rate-limit-batched.ts';

export type LimitedRoute = {
  /** Routes sharing a bucket share their counters (every show change counts against one). */
  bucket: string;
  /** Its RATE_LIMIT_* setting. */
  limit: Exclude<keyof RateLimits, 'windowSeconds'>;
  /** Signed-in routes count per account too (http/rate-limit.ts). */
  perAccount: boolean;
  /**
   * Counted in each process' memory and added to the shared count in batches (decision 031):
   * for reads run so often that a write per request would be their main cost.
   */
  batched?: boolean;
};

const address = (bucket: string, limit: LimitedRoute['limit']) => ({
  bucket,
  limit,
  perAccount: false,
});
const account = (bucket: string, limit: LimitedRoute['limit']) => ({
  bucket,
  limit,
  perAccount: true,
});
/** A fan types a search letter by letter: counted per account, in memory and batched. */
const searches = () => ({ ...account('search', 'search'), batched: true });

/**
 * Every rate-limited route, in one place: those that send mail or texts (or make others' alerts
 * go out), hash or check a password, or do heavy work (the data export, a 5 MB upload, search,
 * calls to Spotify). Keys are `METHOD path` as the routes declare them; a key that matches no
 * route stops the app at start, so a renamed route cannot silently lose its limit.
 */
export const RATE_LIMITED_ROUTES: Record<string, LimitedRoute> = {
  // Anonymous: per client address.
  'POST /api/account/sign-up': address('sign-up', 'signUp'),
  'POST /api/account/login': address('login', 'login'),
  'GET /api/account/username-exists': address('username-check', 'usernameCheck'),
  // An argon2 check and hash each, and an oracle for the current password.
  'POST /api/account/password': account('password-change', 'passwordChange'),
  // Mail or a paid text to someone's inbox or phone.
  'POST /api/account/email/send-verification': account('email-verification', 'verificationSend'),
  'POST /api/account/email/change': account('email-change', 'verificationSend'),
  'POST /api/account/email/change/resend': account('email-change', 'verificationSend'),
  'POST /api/account/phone/send-code': account('phone-code', 'verificationSend'),
  // Guessing is bounded per code already; this bounds it across codes.
  'POST /api/account/phone/verify': account('phone-verify', 'phoneVerify'),
  // Anonymous token guesses (256-bit tokens: this bounds load more than odds), and a mail each.
  'POST /api/account/email/change/confirm': address('email-change-confirm', 'login'),
  'POST /api/feedback': account('feedback', 'feedback'),
  // Alerts by email, SMS and push to everyone watching the show's artist.
  'POST /api/shows': account('show-changes', 'showChanges'),
  'PATCH /api/shows/:id': account('show-changes', 'showChanges'),
  'POST /api/shows/:id/cancel': account('show-changes', 'showChanges'),
  'POST /api/shows/:id/postpone': account('show-changes', 'showChanges'),
  // Confirming releases the announcement to the party's watchers; each answer mails the announcer.
  'POST /api/shows/:id/confirm': account('show-changes', 'showChanges'),
  'POST /api/shows/:id/decline': account('show-changes', 'showChanges'),
  // A support act confirming releases the show to its watchers; each answer tells the announcer.
  'POST /api/shows/:id/acts/confirm': account('show-changes', 'showChanges'),
  'POST /api/shows/:id/acts/decline': account('show-changes', 'showChanges'),
  // Each mails the other party (the venue's booking address, or the performer).
  'POST /api/booking-requests': account('booking-requests', 'bookingRequests'),
  'POST /api/booking-requests/:id/accept': account('booking-requests', 'bookingRequests'),
  'POST /api/booking-requests/:id/decline': account('booking-requests', 'bookingRequests'),
  'POST /api/booking-requests/:id/withdraw': account('booking-requests', 'bookingRequests'),
  'POST /api/booking-requests/:id/confirm': account('booking-requests', 'bookingRequests'),
  // Heavy: every table about the user; a 5 MB body written to disk; trigram searches.
  'GET /api/account/export': account('data-export', 'dataExport'),
  'POST /api/profile/photo': account('photo-upload', 'photoUpload'),
  'GET /api/discovery/artists': searches(),
  // A genre's pages can be walked by offset like a search: the same bucket.
  'GET /api/discovery/genres/:genre': searches(),
  'GET /api/directory/performers': searches(),
  'GET /api/directory/venues': searches(),
  // Each calls Spotify with our app's credentials, whose quota all fans share.
  'POST /api/spotify/connect': account('spotify', 'spotify'),
  'GET /api/spotify/top-artists': account('spotify', 'spotify'),
  'GET /api/spotify/library': account('spotify', 'spotify'),
  'GET /api/spotify/import': account('spotify', 'spotify'),
  'POST /api/spotify/import': account('spotify', 'spotify'),
  // Each preview calls Last.fm twice on our API key, whose quota all fans share.
  'POST /api/lastfm/preview': account('lastfm', 'lastfm'),
  'POST /api/lastfm/import': account('lastfm', 'lastfm'),
  // Each may fetch a calendar URL from our server; an import writes up to 500 shows at once.
  'POST /api/shows/import/preview': account('show-imports', 'showImports'),
  'POST /api/shows/import': account('show-imports', 'showImports'),
  // Heavy: each plan reads every fitting venue and counts the fans in reach of each (and may
  // call the language model).
  'POST /api/tour-plans': account('tour-plans', 'tourPlans'),
  'PUT /api/tour-plans/:id': account('tour-plans', 'tourPlans'),
  // Anonymous, and each one writes a log line: unbounded, it would flood the log.
  'POST /api/client-events/not-found': address('client-events', 'clientEvents'),
  // Anonymous, and each one adds to a show's click count: bounds how far one client inflates it.
  'GET /go/ticket/:id': address('ticket-clicks', 'ticketClicks'),
};

const LIMIT_HOOK = Symbol('rate limit');

/**
 * Adds each limited route's limit as its last onRequest hook (after `signedIn`, which the
 * per-account count needs), whatever plugin declares the route, and its 429 to the route's
 * documented responses; HEAD counts as its GET. Call before any route is registered.
 */
export function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  repo: RateLimitRepo,
  routes: Record<string, LimitedRoute> = RATE_LIMITED_ROUTES,
) {
  const unmatched = new Set(Object.keys(routes));
  const hooks = new Map<string, onRequestHookHandler>();
  const batchedCounters: Array<{ close: () => Promise<void> }> = [];
  const counterFor = (route: LimitedRoute, max: number): HitCounter => {
    if (!route.batched) return repo;
    const counter = createBatchedCounter(repo, {
      batch: batchFor(max),
      windowSeconds: limits.windowSeconds,
      onError: (err) => app.log.warn({ err }, 'adding rate-limit counts failed'),
    });
    batchedCounters.push(counter);
    return counter;
  };
  const hookFor = (route: LimitedRoute) => {
    let hook = hooks.get(route.bucket);
    if (!hook) {
      const max = limits[route.limit];
      hook = Object.assign(
        rateLimit(counterFor(route, max), { ...route, max, windowSeconds: limits.windowSeconds }),
        { [LIMIT_HOOK]: true },
      );
      hooks.set(route.bucket, hook);
    }
    return hook;
  };

  app.addHook('onRoute', (routeOptions) => {
    const methods = [routeOptions.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
    for (const method of new Set(methods)) {
      const key = `${method} ${routeOptions.url}`;
      const route = routes[key];
      if (!route) continue;
      unmatched.delete(key);
      const existing = [routeOptions.onRequest ?? []].flat();
      // Fastify may hand a GET's options, already limited, to its HEAD route.
      if (existing.some((h) => LIMIT_HOOK in h)) continue;
      routeOptions.onRequest = [...existing, hookFor(route)];
      // Documented in the OpenAPI document like any other answer (in a copy: routes may share
      // their response map with routes that are not limited).
      const { schema } = routeOptions;
      if (schema?.response) {
        routeOptions.schema = { ...schema, response: { 429: ZApiError, ...schema.response } };
      }
    }
  });
  app.addHook('onReady', async () => {
    if (unmatched.size > 0) {
      throw new Error(
        `rate-limit rules for routes that do not exist: ${[...unmatched].join(', ')}`,
      );
    }
  });

  const stopPruning = schedulePrune(repo, limits.windowSeconds, (err) =>
    app.log.warn({ err }, 'pruning rate-limit counters failed'),
  );
  app.addHook('onClose', async () => {
    stopPruning();
    // What this process counted still counts for the others.
    for (const counter of batchedCounters) {
      await counter
        .close()
        .catch((err) => app.log.warn({ err }, 'adding rate-limit counts failed'));
    }
  });
}
