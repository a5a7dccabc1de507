import {
  ZApiError,
  ZAttendanceInput,
  ZPostponeShow,
  ZShowDetail,
  ZShowInput,
  ZShowList,
  ZShowResponse,
  ZShowResults,
  ZShowUpdate,
} from '@encore/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { currentUser } from '../http/signed-in.ts';
import type { createAnnounce } from '../services/show-announce.service.ts';
import { showCalendar } from '../services/show-calendar.ts';
import type { createShowChanges } from '../services/show-change.service.ts';
import type { ShowPages } from '../services/show-page.service.ts';

export type ShowRoutesOptions = {
  signedIn: onRequestHookHandler;
  viewer: (request: FastifyRequest) => Promise<SessionUser | null>;
  announce: ReturnType<typeof createAnnounce>;
  changes: ReturnType<typeof createShowChanges>;
  pages: ShowPages;
  publicUrl: string;
};

const tags = ['shows'];
const params = z.object({ id: z.string().max(200) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const show = { 200: ZShowResponse, ...errors };

/** /api/shows: announce and change shows (their performer or venue), public show pages. */
export const showRoutes: FastifyPluginAsyncZod<ShowRoutesOptions> = async (app, o) => {
  const { signedIn } = o;
  const me = currentUser;
  app.post(
    '/',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Announce a show',
        body: ZShowInput,
        response: { 201: ZShowResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { show: await o.announce(me(request), request.body) };
    },
  );
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
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
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
      reply.header('cache-control', 'no-store');
      return o.pages.detail(request.params.id, await o.viewer(request));
    },
  );
  app.get(
    '/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The show as an iCalendar event',
        params,
        response: { 200: z.string(), 404: ZApiError },
      },
    },
    async (request, reply) => {
      const { show: found } = await o.pages.detail(request.params.id, null);
      const ics = showCalendar(found, `${o.publicUrl}/shows/${encodeURIComponent(found.id)}`);
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="show-${found.id}.ics"`);
      return ics;
    },
  );
  app.patch(
    '/:id',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Change a show', params, body: ZShowUpdate, response: show },
    },
    async (request) => ({
      show: await o.changes.update(me(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/:id/cancel',
    { onRequest: signedIn, schema: { tags, summary: 'Cancel a show', params, response: show } },
    async (request) => ({ show: await o.changes.cancel(me(request), request.params.id) }),
  );
  app.post(
    '/:id/postpone',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Postpone a show', params, body: ZPostponeShow, response: show },
    },
    async (request) => ({
      show: await o.changes.postpone(me(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/:id/results',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Attendance and revenue (the venue, after the show)',
        params,
        body: ZShowResults,
        response: show,
      },
    },
    async (request) => ({
      show: await o.changes.results(me(request), request.params.id, request.body),
    }),
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
