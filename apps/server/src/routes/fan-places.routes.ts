import { ZApiError, ZFanPlaceInput, ZFanPlaces, zSingleLineText } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { FanPlaces } from '../services/fan-places.service.ts';

export type FanPlacesRoutesOptions = { signedIn: onRequestHookHandler; places: FanPlaces };

const tags = ['fan'];
const params = z.object({ id: zSingleLineText().max(200) });
const signedInErrors = { 401: ZApiError, 403: ZApiError };
const listed = { 200: ZFanPlaces, ...signedInErrors };
const added = { ...listed, 400: ZApiError, 409: ZApiError };
const changed = { ...listed, 400: ZApiError, 404: ZApiError };

/** /api/fan/places: the places a fan keeps besides home. Every answer is the fan's whole list. */
export const fanPlacesRoutes: FastifyPluginAsyncZod<FanPlacesRoutesOptions> = async (
  app,
  { signedIn, places },
) => {
  app.addHook('onRequest', signedIn);
  app.get(
    '/places',
    { schema: { tags, summary: 'The places the fan keeps besides home', response: listed } },
    async (request) => places.list(currentUser(request)),
  );
  app.post(
    '/places',
    {
      schema: {
        tags,
        summary: 'Add a place',
        body: ZFanPlaceInput,
        response: added,
      },
    },
    async (request) => places.add(currentUser(request), request.body),
  );
  app.put(
    '/places/:id',
    {
      schema: { tags, summary: 'Change a place', params, body: ZFanPlaceInput, response: changed },
    },
    async (request) => places.update(currentUser(request), request.params.id, request.body),
  );
  app.delete(
    '/places/:id',
    { schema: { tags, summary: 'Remove a place', params, response: changed } },
    async (request) => places.remove(currentUser(request), request.params.id),
  );
};
