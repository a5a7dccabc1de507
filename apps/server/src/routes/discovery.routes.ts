import {
  ZApiError,
  ZArtistSearchQuery,
  ZArtistSearchResults,
  ZGenreArtists,
  ZGenreArtistsQuery,
  ZRecommendations,
  ZRecommendedQuery,
  zSingleLineText,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedPage, LISTING_TAG, userTag } from '../http/cached-pages.ts';
import type { PrivateCache } from '../http/private-cache.ts';
import { currentUser } from '../http/signed-in.ts';
import { type Discovery, searchKey } from '../services/discovery.service.ts';

export type DiscoveryRoutesOptions = {
  signedIn: onRequestHookHandler;
  discovery: Discovery;
  privatePages: PrivateCache;
};

const tags = ['discovery'];
const errors = { 401: ZApiError, 403: ZApiError };

/**
 * /api/discovery: the fan's artist search, genre pages and recommendations. Personal: no browser
 * or proxy keeps them; the search is cached per fan and query in this process
 * (http/private-cache.ts) until a table it reads changes or a listed artist's tour ends.
 */
export const discoveryRoutes: FastifyPluginAsyncZod<DiscoveryRoutesOptions> = async (app, o) => {
  const { discovery } = o;
  app.addHook('onRequest', o.signedIn);
  app.get(
    '/artists',
    {
      schema: {
        tags,
        summary: 'Artists on Encore by name (close spellings too) or genre, best match first',
        querystring: ZArtistSearchQuery,
        response: { 200: ZArtistSearchResults, 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { q } = request.query;
      // The answer's expiry is learnt with the answer (its artists' tour ends).
      let changesAt: number | null = null;
      return o.privatePages.send(request, reply, user.id, {
        ...cachedPage('discoverySearch', { q: searchKey(q) }),
        // "On tour" changes with any show added, cancelled or moved; an artist's photo with
        // their account.
        tags: (page) => [LISTING_TAG, ...page.results.map((artist) => userTag(artist.id))],
        load: async () => {
          const found = await discovery.search(user, q);
          changesAt = found.changesAt;
          return found.answer;
        },
        schema: ZArtistSearchResults,
        expiresAt: () => changesAt,
      });
    },
  );
  app.get(
    '/recommended',
    {
      schema: {
        tags,
        summary: 'Artists on tour in the fan’s favourite genres, playing near home first',
        querystring: ZRecommendedQuery,
        response: { 200: ZRecommendations, 400: ZApiError, 404: ZApiError, ...errors },
      },
    },
    async (request) => discovery.recommended(currentUser(request), request.query.place ?? null),
  );
  app.get(
    '/genres/:genre',
    {
      schema: {
        tags,
        summary: 'Artists of a genre, those with an upcoming show nearest the fan’s home first',
        params: z.object({ genre: zSingleLineText().max(100) }),
        querystring: ZGenreArtistsQuery,
        response: { 200: ZGenreArtists, 400: ZApiError, 404: ZApiError, ...errors },
      },
    },
    async (request) =>
      discovery.genre(currentUser(request), request.params.genre, request.query.offset),
  );
};
