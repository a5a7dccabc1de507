import {
  IDEMPOTENCY_KEY_HEADER,
  ZApiError,
  ZConfirmShow,
  ZIdempotencyKey,
  ZPostponeShow,
  ZShowInput,
  ZShowResponse,
  ZShowResults,
  ZShowUpdate,
  zSingleLineText,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { createShowActConfirmations } from '../services/show-act-confirmation.service.ts';
import type { createAnnounce } from '../services/show-announce.service.ts';
import type { createShowChanges } from '../services/show-change.service.ts';
import type { createShowConfirmations } from '../services/show-confirmation.service.ts';

export type ShowRoutesOptions = {
  signedIn: onRequestHookHandler;
  announce: ReturnType<typeof createAnnounce>;
  changes: ReturnType<typeof createShowChanges>;
  confirmations: ReturnType<typeof createShowConfirmations>;
  actConfirmations: ReturnType<typeof createShowActConfirmations>;
};

const tags = ['shows'];
const params = z.object({ id: zSingleLineText().max(200) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const announceHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: ZIdempotencyKey.optional() });
const show = { 200: ZShowResponse, ...errors };

/** /api/shows: announce and change shows, by their performer or Encore venue. */
export const showRoutes: FastifyPluginAsyncZod<ShowRoutesOptions> = async (app, o) => {
  const { signedIn } = o;
  const me = currentUser;
  app.post(
    '',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Announce a show (an Idempotency-Key header makes a repeat answer the first show; 409: the show exists, SAME_DAY_SHOW until confirmSameDay, NIGHT_TAKEN until confirmSameNight)',
        headers: announceHeaders,
        body: ZShowInput,
        response: { 201: ZShowResponse, ...errors, 422: ZApiError },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] ?? null;
      const show = await o.announce(me(request), request.body, key);
      reply.code(201);
      return { show };
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
      schema: {
        tags,
        summary:
          'Postpone a show, to a new date or none yet (409 NIGHT_TAKEN: the venue holds a show on the new night, until confirmSameNight)',
        params,
        body: ZPostponeShow,
        response: show,
      },
    },
    async (request) => ({
      show: await o.changes.postpone(me(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/:id/confirm',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'The performer or venue a show names confirms it: it goes public and fans are alerted (again: no change; 409 NIGHT_TAKEN: the venue holds a show that night, until confirmSameNight)',
        params,
        body: ZConfirmShow.nullish(),
        response: show,
      },
    },
    async (request) => ({
      show: await o.confirmations.confirm(me(request), request.params.id, request.body ?? {}),
    }),
  );
  app.post(
    '/:id/decline',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'The performer or venue a show names declines it: it is withdrawn and the announcer told (again: no change)',
        params,
        response: show,
      },
    },
    async (request) => ({
      show: await o.confirmations.decline(me(request), request.params.id),
    }),
  );
  app.post(
    '/:id/acts/confirm',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'A support act the bill names confirms its slot: the show reaches its page and its watchers (again: no change)',
        params,
        response: show,
      },
    },
    async (request) => ({
      show: await o.actConfirmations.confirm(me(request), request.params.id),
    }),
  );
  app.post(
    '/:id/acts/decline',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'A support act the bill names declines its slot: off the bill, the announcer told (again: no change)',
        params,
        response: show,
      },
    },
    async (request) => ({
      show: await o.actConfirmations.decline(me(request), request.params.id),
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
};
