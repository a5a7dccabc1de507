import {
  ZApiError,
  ZArtistMessagePreview,
  ZArtistMessagePreviewRequest,
  ZArtistMessageReport,
  ZArtistMessageRequest,
  ZArtistMuteResult,
  ZArtistMutes,
  ZSentArtistMessage,
  ZSentArtistMessages,
  zSingleLineText,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { ArtistMessageService } from '../services/artist-message.service.ts';

export type ArtistMessageRoutesOptions = {
  signedIn: onRequestHookHandler;
  messages: ArtistMessageService;
};

const tags = ['artist-messages'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const messageParams = z.object({ id: zSingleLineText().max(200) });
const muteParams = z.object({ performerId: zSingleLineText().max(200) });

/**
 * /api/artist-messages: a performer's messages to their followers (preview, send, the sent
 * list) and a fan's report and mutes. Every answer is the caller's own: never cached.
 */
export const artistMessageRoutes: FastifyPluginAsyncZod<ArtistMessageRoutesOptions> = async (
  app,
  { signedIn, messages },
) => {
  app.addHook('onRequest', signedIn);

  app.post(
    '/artist-messages/preview',
    {
      schema: {
        tags,
        summary: 'How many followers a message to this audience would reach (under 5: null)',
        body: ZArtistMessagePreviewRequest,
        response: { 200: ZArtistMessagePreview, ...errors, 409: ZApiError },
      },
    },
    async (request) => messages.preview(currentUser(request), request.body),
  );
  app.post(
    '/artist-messages',
    {
      schema: {
        tags,
        summary: 'Send a message to followers (2 in any 7 days; 429 says when the next may go)',
        body: ZArtistMessageRequest,
        response: { 201: ZSentArtistMessage, ...errors, 409: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.send(currentUser(request), request.body)),
  );
  app.get(
    '/artist-messages',
    {
      schema: {
        tags,
        summary: 'My sent messages with their reach, newest first',
        response: { 200: ZSentArtistMessages, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => messages.sent(currentUser(request)),
  );
  app.post(
    '/artist-messages/:id/report',
    {
      schema: {
        tags,
        summary: 'Report a message I received (the performer is not told who)',
        params: messageParams,
        body: ZArtistMessageReport,
        response: { 204: z.null(), ...errors, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await messages.report(currentUser(request), request.params.id, request.body.note);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/artist-mutes',
    {
      schema: {
        tags,
        summary: 'The artists whose messages I muted',
        response: { 200: ZArtistMutes, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => messages.mutes(currentUser(request)),
  );
  app.put(
    '/artist-mutes/:performerId',
    {
      schema: {
        tags,
        summary: "Mute an artist's messages",
        params: muteParams,
        response: { 200: ZArtistMuteResult, ...errors, 404: ZApiError },
      },
    },
    async (request) => messages.setMuted(currentUser(request), request.params.performerId, true),
  );
  app.delete(
    '/artist-mutes/:performerId',
    {
      schema: {
        tags,
        summary: "Unmute an artist's messages",
        params: muteParams,
        response: { 200: ZArtistMuteResult, ...errors, 404: ZApiError },
      },
    },
    async (request) => messages.setMuted(currentUser(request), request.params.performerId, false),
  );
};
