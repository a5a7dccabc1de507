import {
  ZApiError,
  ZFanLocationState,
  ZFinishSetup,
  ZLocateResult,
  ZLocationInput,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { FanLocation } from '../services/fan-location.service.ts';
import type { FinishSetup } from '../services/finish-setup.service.ts';

export type FanLocationRoutesOptions = {
  signedIn: onRequestHookHandler;
  location: FanLocation;
  finishSetup: FinishSetup;
};

const tags = ['fan'];
const errors = { 401: ZApiError, 403: ZApiError };

/** /api/fan/location (the location step) and /api/fan/finish-setup (the dashboard's card). */
export const fanLocationRoutes: FastifyPluginAsyncZod<FanLocationRoutesOptions> = async (
  app,
  { signedIn, location, finishSetup },
) => {
  app.addHook('onRequest', signedIn);
  app.get(
    '/location',
    {
      schema: {
        tags,
        summary: 'The fan’s stored location and home, and whether they agree',
        response: { 200: ZFanLocationState, ...errors },
      },
    },
    async (request) => location.get(currentUser(request)),
  );
  app.put(
    '/location',
    {
      schema: {
        tags,
        summary:
          'Store the browser’s position, resolved to the nearest US ZIP (New York when none is within 100 mi)',
        body: ZLocationInput,
        response: { 200: ZLocateResult, 400: ZApiError, ...errors },
      },
    },
    async (request) => location.locate(currentUser(request), request.body),
  );
  app.post(
    '/location/fallback',
    {
      schema: {
        tags,
        summary:
          'No position from the browser: store New York, unless a real position is stored; never changes the home',
        response: { 200: ZFanLocationState, ...errors },
      },
    },
    async (request) => location.fallback(currentUser(request)),
  );
  app.post(
    '/location/skip',
    {
      schema: {
        tags,
        summary: '‘Skip for now’: the location step is done with nothing stored',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await location.skip(currentUser(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/location/home',
    {
      schema: {
        tags,
        summary:
          'Make the stored position the home for alerts (the profile’s home city and ZIP, validated as the profile is)',
        response: { 200: ZFanLocationState, 400: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request) => location.makeHome(currentUser(request)),
  );
  app.get(
    '/finish-setup',
    {
      schema: {
        tags,
        summary: 'Whether the dashboard shows the one-time ‘Finish setting up’ card',
        response: { 200: ZFinishSetup, ...errors },
      },
    },
    async (request) => finishSetup.get(currentUser(request)),
  );
  app.post(
    '/finish-setup/dismiss',
    {
      schema: {
        tags,
        summary: 'Dismiss the ‘Finish setting up’ card for good',
        response: { 200: ZFinishSetup, ...errors },
      },
    },
    async (request) => finishSetup.dismiss(currentUser(request)),
  );
};
