import {
  ZApiError,
  ZArtistAlert,
  ZArtistAlertInput,
  ZArtistAlertList,
  ZArtistPage,
  ZDirectoryList,
  ZDirectoryQuery,
  ZVenuePage,
  zSingleLineText,
} from '@encore/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../auth/session-user.ts';
import { JSON_TYPE, type PublicCache } from '../http/public-cache.ts';
import type { PublicPages } from '../http/public-pages.ts';
import { currentUser } from '../http/signed-in.ts';
import type { ArtistPages } from '../services/artist-page.service.ts';
import type { DirectoryService } from '../services/directory.service.ts';

export type ArtistRoutesOptions = {
  signedIn: onRequestHookHandler;
  viewer: (request: FastifyRequest) => Promise<SessionUser | null>;
  pages: ArtistPages;
  directory: DirectoryService;
  publicCache: PublicCache;
  publicPages: PublicPages;
};

/** ZArtistPage's bytes already (http/profile-page-json.ts): sent as they are, unserialised. */
const sendJsonText = (reply: FastifyReply, json: string) => reply.type(JSON_TYPE).send(json);

const params = z.object({ id: zSingleLineText().max(200) });
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Artist and venue pages, fans' artist alerts, and the booking directory. Prefix: /api. */
export const artistRoutes: FastifyPluginAsyncZod<ArtistRoutesOptions> = async (app, o) => {
  const { signedIn, pages, publicCache, publicPages } = o;
  app.get(
    '/artists/:id',
    {
      schema: {
        tags: ['artists'],
        summary: 'An artist’s public page',
        params,
        response: { 200: ZArtistPage, 404: ZApiError },
      },
    },
    async (request, reply) => {
      const page = publicPages.artist(request.params.id);
      const viewer = await o.viewer(request);
      // Only a fan's page differs (their own alert): built on the cached page, never cached
      // (no header here, so http/cache-control.ts makes it no-store).
      if (viewer?.role !== 'fan') return publicCache.send(request, reply, page);
      const json = await pages.forViewer(request.params.id, await publicCache.value(page), viewer);
      return sendJsonText(reply, json);
    },
  );
  app.put(
    '/artists/:id/alert',
    {
      onRequest: signedIn,
      schema: {
        tags: ['alerts'],
        summary: 'Set the fan’s alert on an artist',
        params,
        body: ZArtistAlertInput,
        response: { 200: ZArtistAlert, ...errors },
      },
    },
    async (request) => pages.setAlert(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/artists/:id/alert',
    {
      onRequest: signedIn,
      schema: {
        tags: ['alerts'],
        summary: 'Stop the fan’s alert on an artist',
        params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await pages.removeAlert(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/alerts/watching',
    {
      onRequest: signedIn,
      schema: {
        tags: ['alerts'],
        summary: 'The artists the fan watches, newest first',
        response: { 200: ZArtistAlertList, ...errors },
      },
    },
    async (request) => {
      return pages.watching(currentUser(request));
    },
  );
  app.get(
    '/venues/:id',
    {
      schema: {
        tags: ['venues'],
        summary: 'A venue’s public page',
        params,
        response: { 200: ZVenuePage, 404: ZApiError },
      },
    },
    async (request, reply) =>
      publicCache.send(request, reply, publicPages.venue(request.params.id)),
  );
  for (const kind of ['performers', 'venues'] as const) {
    app.get(
      `/directory/${kind}`,
      {
        onRequest: signedIn,
        schema: {
          tags: ['directory'],
          summary: `Find ${kind} by name`,
          querystring: ZDirectoryQuery,
          response: { 200: ZDirectoryList, ...errors },
        },
      },
      async (request) => o.directory.search(currentUser(request), kind, request.query.q),
    );
  }
};
