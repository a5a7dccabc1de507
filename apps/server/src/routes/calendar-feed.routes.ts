import { ZApiError, ZCalendarFeed, zSingleLineText } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_FEED_CACHE } from '../http/cache-control.ts';
import { mediaAnswer } from '../http/openapi-media.ts';
import { currentUser } from '../http/signed-in.ts';
import type { CalendarFeed } from '../services/calendar-feed.service.ts';

export type CalendarFeedRoutesOptions = { signedIn: onRequestHookHandler; feed: CalendarFeed };

const tags = ['fan'];
const errors = { 401: ZApiError, 403: ZApiError };

/** The fan's private calendar link (/api/fan/calendar-feed) and the feed itself. Prefix: /api. */
export const calendarFeedRoutes: FastifyPluginAsyncZod<CalendarFeedRoutesOptions> = async (
  app,
  { signedIn, feed },
) => {
  const link = { onRequest: signedIn };
  app.get(
    '/fan/calendar-feed',
    {
      ...link,
      schema: {
        tags,
        summary: 'The fan’s calendar link, or nulls when it is off',
        response: { 200: ZCalendarFeed, ...errors },
      },
    },
    async (request) => {
      return feed.get(currentUser(request));
    },
  );
  app.post(
    '/fan/calendar-feed',
    {
      ...link,
      schema: {
        tags,
        summary: 'Create the calendar link, or replace it (the old link stops working)',
        response: { 200: ZCalendarFeed, ...errors },
      },
    },
    async (request) => {
      return feed.reset(currentUser(request));
    },
  );
  app.delete(
    '/fan/calendar-feed',
    {
      ...link,
      schema: {
        tags,
        summary: 'Turn the calendar link off',
        response: { 200: ZCalendarFeed, ...errors },
      },
    },
    async (request) => {
      return feed.turnOff(currentUser(request));
    },
  );
  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        tags,
        summary: 'The fan’s going-to shows as an iCalendar feed (the token is the credential)',
        params: z.object({ token: zSingleLineText().max(200) }),
        response: {
          200: mediaAnswer('text/calendar', 'The feed: one VEVENT per show the fan is going to'),
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const ics = await feed.ics(request.params.token);
      // Calendar apps poll; five minutes of private caching spares the database, and a change
      // (or a replaced link) shows up within that.
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', CALENDAR_FEED_CACHE)
        .header('content-disposition', 'inline; filename="encore.ics"');
      return ics;
    },
  );
};
