import {
  ZApiError,
  ZAuthResponse,
  ZLoginRequest,
  ZSessionResponse,
  ZSignUpRequest,
  ZUsernameExistsQuery,
  ZUsernameExistsResponse,
} from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authHeaders, forwardCookies } from '../http/auth-headers.ts';
import type { AccountService } from '../services/account.service.ts';

/** Sign-up, login and the username check are rate-limited per address (rate-limit-rules.ts). */
export type AccountRoutesOptions = { service: AccountService };

const tags = ['account'];
const errors = { 400: ZApiError, 403: ZApiError, 429: ZApiError };

/** The spec's authentication service and username_exists function, under /api/account. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/sign-up',
    {
      schema: {
        tags,
        summary: 'Create an account (fan, performer or venue) and sign in',
        body: ZSignUpRequest,
        response: { 201: ZAuthResponse, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const { user, setCookies } = await service.signUp(request.body, authHeaders(request));
      forwardCookies(reply, setCookies);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: ZLoginRequest,
        response: { 200: ZAuthResponse, 401: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const { user, setCookies } = await service.login(request.body, authHeaders(request));
      forwardCookies(reply, setCookies);
      return { user };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: deletes the session and clears its cookie (204 also when signed out)',
        response: { 204: z.null(), 403: ZApiError },
      },
    },
    async (request, reply) => {
      const { setCookies } = await service.logout(authHeaders(request));
      forwardCookies(reply, setCookies);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/session',
    {
      schema: {
        tags,
        summary: 'The signed-in user, or null',
        response: { 200: ZSessionResponse },
      },
    },
    async (request, reply) => {
      const { user, setCookies } = await service.session(authHeaders(request));
      forwardCookies(reply, setCookies);
      return { user };
    },
  );

  app.get(
    '/username-exists',
    {
      schema: {
        tags,
        summary: 'Whether a username is taken, ignoring case (the spec’s username_exists)',
        querystring: ZUsernameExistsQuery,
        response: { 200: ZUsernameExistsResponse, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request) => ({ exists: await service.usernameExists(request.query.username_to_check) }),
  );
};
