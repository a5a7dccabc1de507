import {
  ZApiError,
  ZSpotifyArtists,
  ZSpotifyAuthorization,
  ZSpotifyConnectionStatus,
  ZSpotifyConnectRequest,
  ZSpotifyConnectResponse,
  ZSpotifyImportCandidates,
  ZSpotifyImportRequest,
  ZSpotifyImportResult,
  ZSpotifyLibraryQuery,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { SpotifyConnection } from '../services/spotify-connection.service.ts';
import type { SpotifyLibrary } from '../services/spotify-library.service.ts';

export type SpotifyRoutesOptions = {
  signedIn: onRequestHookHandler;
  connection: SpotifyConnection;
  library: SpotifyLibrary;
};

const tags = ['spotify'];
const errors = { 401: ZApiError, 403: ZApiError };
/** A Web API call on the fan's behalf can also find no grant, a dead grant, or Spotify failing. */
const callErrors = { ...errors, 409: ZApiError, 502: ZApiError, 503: ZApiError };

/**
 * /api/spotify: the fan's Spotify connection and the calls made with it. Tokens stay on the
 * server; the browser only ever sees artists. Personal, so never cached.
 */
export const spotifyRoutes: FastifyPluginAsyncZod<SpotifyRoutesOptions> = async (app, o) => {
  const { connection, library } = o;
  app.addHook('onRequest', o.signedIn);

  app.get(
    '/connection',
    {
      schema: {
        tags,
        summary: 'Whether Spotify is configured here, and the fan’s connection',
        response: { 200: ZSpotifyConnectionStatus, ...errors },
      },
    },
    async (request) => connection.status(currentUser(request)),
  );
  app.delete(
    '/connection',
    {
      schema: {
        tags,
        summary: 'Disconnect Spotify: forget the fan’s tokens',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await connection.disconnect(currentUser(request));
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/authorize',
    {
      schema: {
        tags,
        summary: 'Start the authorisation: the provider’s URL with a fresh state',
        response: { 200: ZSpotifyAuthorization, ...errors, 503: ZApiError },
      },
    },
    async (request) => connection.authorize(currentUser(request)),
  );
  app.post(
    '/connect',
    {
      schema: {
        tags,
        summary: 'Finish the authorisation: check the state, exchange the code, keep the tokens',
        body: ZSpotifyConnectRequest,
        response: { 200: ZSpotifyConnectResponse, 400: ZApiError, ...callErrors },
      },
    },
    async (request) => connection.connect(currentUser(request), request.body),
  );
  app.get(
    '/top-artists',
    {
      schema: {
        tags,
        summary: 'The fan’s top 5 artists on Spotify, with the Encore artist each is',
        response: { 200: ZSpotifyArtists, ...callErrors },
      },
    },
    async (request) => library.topArtists(currentUser(request)),
  );
  app.get(
    '/library',
    {
      schema: {
        tags,
        summary: 'Artists of the fan’s 50 latest saved tracks whose name contains q',
        querystring: ZSpotifyLibraryQuery,
        response: { 200: ZSpotifyArtists, 400: ZApiError, ...callErrors },
      },
    },
    async (request) => library.library(currentUser(request), request.query.q),
  );
  app.get(
    '/import',
    {
      schema: {
        tags,
        summary: 'The fan’s followed and top Spotify artists that are on Encore',
        response: { 200: ZSpotifyImportCandidates, ...callErrors },
      },
    },
    async (request) => library.importCandidates(currentUser(request)),
  );
  app.post(
    '/import',
    {
      schema: {
        tags,
        summary: 'Set alerts on the chosen Encore artists (existing alerts stay as they are)',
        body: ZSpotifyImportRequest,
        response: { 200: ZSpotifyImportResult, 400: ZApiError, ...errors, 409: ZApiError },
      },
    },
    async (request) => library.import(currentUser(request), request.body),
  );
};
