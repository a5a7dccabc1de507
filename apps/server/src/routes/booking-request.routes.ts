import {
  ZApiError,
  ZBookingConfirm,
  ZBookingDecline,
  ZBookingRequestInput,
  ZBookingRequestList,
  ZBookingRequestQuery,
  ZBookingRequestResponse,
  zSingleLineText,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { BookingRequests } from '../services/booking-request.service.ts';

export type BookingRequestRoutesOptions = {
  signedIn: onRequestHookHandler;
  requests: BookingRequests;
};

const tags = ['booking requests'];
const params = z.object({ id: zSingleLineText().max(200) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const answer = { 200: ZBookingRequestResponse, ...errors };

/** /api/booking-requests: a performer asks a venue for a night; the venue answers. */
export const bookingRequestRoutes: FastifyPluginAsyncZod<BookingRequestRoutesOptions> = async (
  app,
  o,
) => {
  const { signedIn, requests } = o;
  app.post(
    '',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Send a booking request to a venue',
        body: ZBookingRequestInput,
        response: { 201: ZBookingRequestResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { request: await requests.send(currentUser(request), request.body) };
    },
  );
  app.get(
    '',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "A performer's sent or a venue's received booking requests",
        querystring: ZBookingRequestQuery,
        response: { 200: ZBookingRequestList, ...errors },
      },
    },
    async (request) => ({
      requests: await requests.list(currentUser(request), request.query.planId),
    }),
  );
  app.post(
    '/:id/accept',
    { onRequest: signedIn, schema: { tags, summary: 'Hold the date', params, response: answer } },
    async (request) => ({
      request: await requests.accept(currentUser(request), request.params.id),
    }),
  );
  app.post(
    '/:id/decline',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Decline, with a note',
        params,
        body: ZBookingDecline,
        response: answer,
      },
    },
    async (request) => ({
      request: await requests.decline(currentUser(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/:id/withdraw',
    {
      onRequest: signedIn,
      schema: { tags, summary: 'Withdraw a request', params, response: answer },
    },
    async (request) => ({
      request: await requests.withdraw(currentUser(request), request.params.id),
    }),
  );
  app.post(
    '/:id/confirm',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Confirm a held date as a show',
        params,
        body: ZBookingConfirm,
        response: answer,
      },
    },
    async (request) => ({
      request: await requests.confirm(currentUser(request), request.params.id, request.body),
    }),
  );
};
