import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInput } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Case = {
  name: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  payload?: string;
  contentType?: string | null;
  status: number;
  code: string;
  message?: string;
};

const valid = JSON.stringify(signUpInput());
const endpoints = ['/api/account/sign-up', '/api/account/login', '/api/client-events/not-found'];

const cases: Case[] = [
  ...endpoints.flatMap((url): Case[] => [
    {
      name: 'malformed JSON',
      url,
      payload: '{"username": ',
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Request body is not valid JSON',
    },
    { name: 'an array body', url, payload: '[1,2,3]', status: 400, code: 'VALIDATION_FAILED' },
    { name: 'a number body', url, payload: '42', status: 400, code: 'VALIDATION_FAILED' },
    { name: 'a string body', url, payload: '"hello"', status: 400, code: 'VALIDATION_FAILED' },
    { name: 'a null body', url, payload: 'null', status: 400, code: 'VALIDATION_FAILED' },
    { name: 'an empty body', url, payload: '', status: 400, code: 'VALIDATION_FAILED' },
    { name: 'an empty object', url, payload: '{}', status: 400, code: 'VALIDATION_FAILED' },
    {
      name: 'a prototype-poisoning key',
      url,
      payload: '{"__proto__":{"admin":true}}',
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'a 70 KB body',
      url,
      payload: JSON.stringify({ path: 'x'.repeat(70_000) }),
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Request body is too large',
    },
    {
      name: 'wrong content type',
      url,
      payload: valid,
      contentType: 'text/plain',
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'deeply nested JSON',
      url,
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      status: 400,
      code: 'VALIDATION_FAILED',
    },
  ]),
  {
    name: 'an unknown field',
    url: '/api/account/sign-up',
    payload: JSON.stringify({ ...JSON.parse(valid), isAdmin: true }),
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'wrong field types',
    url: '/api/account/sign-up',
    payload: '{"username":1,"email":[],"password":{},"confirmPassword":null,"role":true}',
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'a 2049-character path',
    url: '/api/client-events/not-found',
    payload: JSON.stringify({ path: 'x'.repeat(2049) }),
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'a bad query',
    method: 'GET',
    url: '/api/account/username-exists?username_to_check[a]=1',
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'a huge query value',
    method: 'GET',
    url: `/api/account/username-exists?username_to_check=${'a'.repeat(5000)}`,
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'bad percent-encoding',
    method: 'GET',
    url: '/api/account/username-exists?username_to_check=%E0%A4%A',
    status: 200,
    code: '',
  },
  { name: 'an unknown GET path', method: 'GET', url: '/api/nope', status: 404, code: 'NOT_FOUND' },
  {
    name: 'an unknown POST path',
    url: '/api/account/delete-everything',
    payload: '{}',
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'an unknown DELETE path',
    method: 'DELETE',
    url: '/api/account/no-such-thing',
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'the wrong method',
    method: 'PUT',
    url: '/api/account/login',
    payload: '{}',
    status: 404,
    code: 'NOT_FOUND',
  },
  { name: 'the /api root', method: 'GET', url: '/api', status: 404, code: 'NOT_FOUND' },
  {
    name: 'a broken percent-escape in the path',
    method: 'GET',
    url: '/api/shows/%E0%A4%A',
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The URL is not valid',
  },
  {
    name: 'a path parameter past the router’s limit',
    method: 'GET',
    url: `/api/shows/${'a'.repeat(101)}`,
    status: 414,
    code: 'URL_TOO_LONG',
    message: 'The URL is too long',
  },
];

describe('bad input never produces a 500', () => {
  it.each(cases)('$name on $url -> $status', async (c) => {
    const response = await t.app.inject({
      method: c.method ?? 'POST',
      url: c.url,
      headers:
        c.contentType === null ? {} : { 'content-type': c.contentType ?? 'application/json' },
      payload: c.payload,
    });
    expect(response.statusCode).toBe(c.status);
    if (c.status >= 400) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json();
      expect(body.error.code).toBe(c.code);
      expect(typeof body.error.message).toBe('string');
      if (c.message) expect(body.error.message).toBe(c.message);
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});

describe('unexpected failures', () => {
  it('answers 500 INTERNAL with a generic message and no stack', async () => {
    const failing = await createTestApp();
    await failing.database.close();
    const response = await failing.app.inject({
      method: 'GET',
      url: '/api/account/username-exists?username_to_check=someone',
    });
    await failing.app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
  });
});
