import {
  ZApiError,
  ZAttendanceInput,
  ZShowDetail,
  ZShowList,
  zSingleLineText,
} from '@encore/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { mediaAnswer } from '../http/openapi-media.ts';
import type { PublicCache } from '../http/public-cache.ts';
import type { PublicPages } from '../http/public-pages.ts';
import { currentUser } from '../http/signed-in.ts';
import type { ShowPages } from '../services/show-page.service.ts';

export type ShowPageRoutesOptions = {
  signedIn: onRequestHookHandler;
  viewer: (request: FastifyRequest) => Promise<SessionUser | null>;
  pages: ShowPages;
  publicCache: PublicCache;
  publicPages: PublicPages;
};

const tags = ['shows'];
const params = z.object({ id: zSingleLineText().max(200) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** /api/shows: the public show page and calendar feed, one's own shows, a fan's attendance. */
export const showPageRoutes: FastifyPluginAsyncZod<ShowPageRoutesOptions> = async (app, o) => {
  const { signedIn } = o;
  const me = currentUser;
  app.get(
    '/mine',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The performer’s or venue’s own shows, newest first',
        response: { 200: ZShowList, ...errors },
      },
    },
    async (request) => {
      return o.pages.mine(me(request));
    },
  );
  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'A show’s public page',
        params,
        response: { 200: ZShowDetail, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const viewer = await o.viewer(request);
      // Signed in, the page carries the viewer's own marks, pals and rights: never cached (no
      // header here, so http/cache-control.ts makes it no-store).
      if (viewer) {
        return o.pages.detail(request.params.id, viewer);
      }
      return o.publicCache.send(request, reply, o.publicPages.show(request.params.id));
    },
  );
  app.get(
    '/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The show as an iCalendar event',
        params,
        response: {
          200: mediaAnswer('text/calendar', 'The show as one VEVENT (a download: show-<id>.ics)'),
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { id, ics } = await o.pages.calendar(request.params.id);
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="show-${id}.ics"`);
      return ics;
    },
  );
  app.put(
    '/:id/attendance',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'The fan is going, attended, or neither',
        params,
        body: ZAttendanceInput,
        response: { 200: ZShowDetail, ...errors },
      },
    },
    async (request) => o.pages.attend(me(request), request.params.id, request.body.status),
  );
};
