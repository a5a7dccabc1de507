import {
  type TRole,
  ZApiError,
  ZFanProfileInput,
  ZFanProfilePatch,
  ZFanProfileResponse,
  ZPerformerProfileInput,
  ZPerformerProfilePatch,
  ZPerformerProfileResponse,
  ZVenueProfileInput,
  ZVenueProfilePatch,
  ZVenueProfileResponse,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser } from '../http/signed-in.ts';
import type { ProfileData, ProfileService } from '../services/profile.service.ts';

export type ProfileRoutesOptions = { service: ProfileService; signedIn: onRequestHookHandler };

type Schemas<R extends TRole> = {
  input: z.ZodType<ProfileData[R]>;
  patch: z.ZodType<Partial<ProfileData[R]>>;
  response: z.ZodType;
};

const SCHEMAS: { [R in TRole]: Schemas<R> } = {
  fan: { input: ZFanProfileInput, patch: ZFanProfilePatch, response: ZFanProfileResponse },
  performer: {
    input: ZPerformerProfileInput,
    patch: ZPerformerProfilePatch,
    response: ZPerformerProfileResponse,
  },
  venue: { input: ZVenueProfileInput, patch: ZVenueProfilePatch, response: ZVenueProfileResponse },
};

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

/** GET, PUT (setup) and PATCH (settings) /api/profile/<role>, for the signed-in user's own role. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (
  app,
  { service, signedIn },
) => {
  app.addHook('onRequest', signedIn);
  for (const role of ['fan', 'performer', 'venue'] as const) {
    const { input, patch, response } = SCHEMAS[role] as Schemas<typeof role>;
    const tags = ['profile'];
    app.get(
      `/${role}`,
      {
        schema: {
          tags,
          summary: `The signed-in ${role}'s profile, or null before setup`,
          response: { 200: response, 401: ZApiError, 403: ZApiError },
        },
      },
      async (request) => {
        return { profile: await service.get(currentUser(request), role) };
      },
    );
    app.put(
      `/${role}`,
      {
        schema: {
          tags,
          summary: `Save the whole ${role} profile (setup); marks the profile complete`,
          body: input,
          response: { 200: response, ...errors },
        },
      },
      async (request) => ({ profile: await service.put(currentUser(request), role, request.body) }),
    );
    app.patch(
      `/${role}`,
      {
        schema: {
          tags,
          summary: `Change some fields of the saved ${role} profile (settings)`,
          body: patch,
          response: { 200: response, 409: ZApiError, ...errors },
        },
      },
      async (request) => ({
        profile: await service.patch(currentUser(request), role, request.body),
      }),
    );
  }
};
