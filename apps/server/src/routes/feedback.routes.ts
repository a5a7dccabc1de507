import { ZApiError, ZFeedbackConfig, ZFeedbackCreated, ZFeedbackRequest } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../http/signed-in.ts';
import type { FeedbackService } from '../services/feedback.service.ts';

const tags = ['feedback'];

/** The 'Feedback & Support' dialog, under /api. Signed-in users of any role. */
export const feedbackRoutes: FastifyPluginAsyncZod<{
  service: FeedbackService;
  signedIn: onRequestHookHandler;
}> = async (app, { service, signedIn }) => {
  app.addHook('onRequest', signedIn);
  app.get(
    '/feedback/config',
    {
      schema: {
        tags,
        summary: 'The support address the dialog shows',
        response: { 200: ZFeedbackConfig, 401: ZApiError },
      },
    },
    async () => service.config(),
  );

  app.post(
    '/feedback',
    {
      schema: {
        tags,
        summary: 'Store a feedback message and mail it to support',
        body: ZFeedbackRequest,
        response: { 201: ZFeedbackCreated, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.submit(currentUser(request), request.body)),
  );
};
