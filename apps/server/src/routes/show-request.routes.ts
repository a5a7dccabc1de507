import { ZApiError, ZShowRequestInput, ZShowRequestState, zSingleLineText } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { ShowRequests } from '../services/show-request.service.ts';

export type ShowRequestRoutesOptions = { signedIn: onRequestHookHandler; requests: ShowRequests };

const params = z.object({ id: zSingleLineText().max(200) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const schema = { tags: ['show requests'], params, response: { 200: ZShowRequestState, ...errors } };

/** A fan's "Request a show near me" on an artist (the fan's home place). Prefix: /api. */
export const showRequestRoutes: FastifyPluginAsyncZod<ShowRequestRoutesOptions> = async (
  app,
  { signedIn, requests },
) => {
  app.get(
    '/artists/:id/show-request',
    { onRequest: signedIn, schema: { ...schema, summary: 'The fan’s request for a show nearby' } },
    async (request) => requests.state(currentUser(request), request.params.id),
  );
  app.post(
    '/artists/:id/show-request',
    {
      onRequest: signedIn,
      schema: {
        ...schema,
        summary: 'Ask the artist for a show near home',
        body: ZShowRequestInput,
      },
    },
    async (request) => requests.request(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/artists/:id/show-request',
    {
      onRequest: signedIn,
      schema: { ...schema, summary: 'Withdraw the request', querystring: ZShowRequestInput },
    },
    async (request) => requests.withdraw(currentUser(request), request.params.id, request.query),
  );
};
