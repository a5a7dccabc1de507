import { ZApiError, ZNotFoundEvent } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Reports from the browser that belong in the server log (spec: an unknown path is logged). */
export const clientEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/not-found',
    {
      schema: {
        tags: ['client events'],
        summary: 'The web app showed its 404 page for this path',
        body: ZNotFoundEvent,
        response: { 204: z.null(), 400: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      request.log.warn({ path: request.body.path }, 'web app: page not found');
      return reply.status(204).send(null);
    },
  );
};
