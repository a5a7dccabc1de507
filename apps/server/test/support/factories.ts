import { randomBytes } from 'node:crypto';
import type { TAuthResponse, TSignUpRequest } from '@encore/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let sequence = 0;

/** Short and unique across test files running in parallel (usernames allow 20 characters). */
export function unique(): string {
  sequence += 1;
  return `${sequence.toString(36)}${randomBytes(4).toString('hex')}`;
}

export const PASSWORD = 'Str0ngPassword';

export function signUpInput(overrides: Partial<TSignUpRequest> = {}): TSignUpRequest {
  const id = unique();
  return {
    username: `user_${id}`,
    email: `fan.${id}@example.com`,
    password: PASSWORD,
    confirmPassword: overrides.password ?? PASSWORD,
    role: 'fan',
    ...overrides,
  };
}

/** POSTs JSON the way the web app does (same-origin, no Origin header needed). */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

/** The session cookie of a response, ready for a `cookie` request header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'encore.session_token');
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs up a new user (unique data unless overridden) and returns what a test needs. */
export async function createUser(app: FastifyInstance, overrides: Partial<TSignUpRequest> = {}) {
  const input = signUpInput(overrides);
  const response = await postJson(app, '/api/account/sign-up', input);
  if (response.statusCode !== 201) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const { user } = response.json<TAuthResponse>();
  return { input, user, cookie: sessionCookie(response) };
}
