import {
  ZAlertFeed,
  ZApiError,
  ZFanHome,
  ZFeedQuery,
  ZShowsAttended,
  ZShowsAttending,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedPage, listingTag, showTag } from '../http/cached-pages.ts';
import type { PrivateCache } from '../http/private-cache.ts';
import { currentUser } from '../http/signed-in.ts';
import type { FanPages } from '../services/fan-pages.service.ts';

export type FanPagesRoutesOptions = {
  signedIn: onRequestHookHandler;
  pages: FanPages;
  privatePages: PrivateCache;
};

const tags = ['fan'];
const errors = { 401: ZApiError, 403: ZApiError };

/**
 * /api/fan: the fan's dashboard, alerts feed and show lists. Personal: no browser or proxy keeps
 * them; the dashboard and Your Alerts are cached per fan in this process (http/private-cache.ts).
 */
export const fanPagesRoutes: FastifyPluginAsyncZod<FanPagesRoutesOptions> = async (app, o) => {
  const { pages } = o;
  app.addHook('onRequest', o.signedIn);
  app.get(
    '/home',
    {
      schema: {
        tags,
        summary: 'The fan’s dashboard: counts, next show, shows to confirm',
        response: { 200: ZFanHome, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return o.privatePages.send(request, reply, user.id, {
        ...cachedPage('fanHome', {}),
        // Its counts and lists are of the fan's going shows (read with them): any of them
        // cancelled or moved may change them; a show announced cannot be one (a going mark is
        // the fan's own row).
        tags: async (home) => home.goingShowIds.map(showTag),
        load: () => pages.home(user),
        schema: ZFanHome,
        // The next show moves to "to confirm" when it starts.
        expiresAt: (home) => (home.nextShow ? Date.parse(home.nextShow.show.startsAt) : null),
      });
    },
  );
  app.get(
    '/alerts',
    {
      schema: {
        tags,
        summary: 'Upcoming shows of watched artists and favourite genres nearby, soonest first',
        querystring: ZFeedQuery,
        response: { 200: ZAlertFeed, 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { cursor, limit } = request.query;
      return o.privatePages.send(request, reply, user.id, {
        ...cachedPage('fanAlerts', { cursor, limit }),
        // A show enters it by its performer or genre (a new one, or one edited into it).
        tags: async (page) => {
          // Read with the page's cards when it has any (decision 053), else apart.
          const follows = page.follows ?? (await pages.alertsFollows(user));
          return [...listingTag.follows(follows), ...page.showIds.map(showTag)];
        },
        // The raw request: its one barrier (the session check's) serves the show fragments too.
        load: () => pages.alerts(user, request.query, request.raw),
        // ZAlertFeed's bytes, made by the service (of the shows' kept fragments).
        json: (page) => page.json,
        // Soonest first: the first show leaves the feed when it starts.
        expiresAt: (page) => page.firstStartMs,
        // And cut at its limit: a show announced after its last card's day is not on it.
        horizon: (page) => page.horizon,
      });
    },
  );
  app.get(
    '/shows-attending',
    {
      schema: {
        tags,
        summary: 'Upcoming shows the fan is going to, soonest first',
        response: { 200: ZShowsAttending, ...errors },
      },
    },
    async (request) => pages.attending(currentUser(request)),
  );
  app.get(
    '/shows-attended',
    {
      schema: {
        tags,
        summary: 'Shows the fan attended, most recent first, with totals',
        response: { 200: ZShowsAttended, ...errors },
      },
    },
    async (request) => pages.attended(currentUser(request)),
  );
};
