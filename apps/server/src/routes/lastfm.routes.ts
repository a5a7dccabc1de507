import {
  ZApiError,
  ZLastfmImportRequest,
  ZLastfmImportResult,
  ZLastfmPreview,
  ZLastfmPreviewRequest,
  ZLastfmStatus,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../http/signed-in.ts';
import type { LastfmImport } from '../services/lastfm-import.service.ts';

export type LastfmRoutesOptions = { signedIn: onRequestHookHandler; lastfm: LastfmImport };

const tags = ['lastfm'];
const errors = { 401: ZApiError, 403: ZApiError };

/**
 * /api/lastfm: a fan's artists from Last.fm, by username. The username travels in a POST body,
 * never a URL, so it stays out of request logs. Personal, so never cached.
 */
export const lastfmRoutes: FastifyPluginAsyncZod<LastfmRoutesOptions> = async (app, o) => {
  const { lastfm } = o;
  app.addHook('onRequest', o.signedIn);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Whether Last.fm is configured here',
        response: { 200: ZLastfmStatus, ...errors },
      },
    },
    async (request) => lastfm.status(currentUser(request)),
  );
  app.post(
    '/preview',
    {
      schema: {
        tags,
        summary: 'A Last.fm user’s top and loved artists, with the Encore artists they are',
        body: ZLastfmPreviewRequest,
        response: {
          200: ZLastfmPreview,
          400: ZApiError,
          ...errors,
          502: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request) => lastfm.preview(currentUser(request), request.body),
  );
  app.post(
    '/import',
    {
      schema: {
        tags,
        summary: 'Set alerts on the chosen Encore artists (existing alerts stay as they are)',
        body: ZLastfmImportRequest,
        response: { 200: ZLastfmImportResult, 400: ZApiError, ...errors, 409: ZApiError },
      },
    },
    async (request) => lastfm.import(currentUser(request), request.body),
  );
};
