import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDatabase } from '../../src/db/client.ts';
import { postJson } from '../support/factories.ts';
import { freePort } from '../support/free-port.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { state: 'up', latencyMs: expect.any(Number) },
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
    });
  });

  // That it answers even when Postgres hangs is proven on a fake clock in health-service.test.ts.
  it('answers 503 degraded when the database cannot be reached', async () => {
    const unreachable = createDatabase(`postgres://postgres:x@127.0.0.1:${await freePort()}/none`);
    const app = await buildApp(t.config, unreachable);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        database: { state: 'down', latencyMs: null },
      });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});

describe('OpenAPI', () => {
  it('describes the API from the routes’ schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/sign-up',
        '/api/account/login',
        '/api/account/logout',
        '/api/account/session',
        '/api/account/username-exists',
        '/api/health',
        '/api/client-events/not-found',
      ]),
    );
    const signUp = doc.paths['/api/account/sign-up'].post;
    const body = signUp.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'confirmPassword', 'role']),
    );
    expect(body.additionalProperties).toBe(false);
    expect(Object.keys(signUp.responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '429']),
    );
  });

  it('serves Swagger UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('POST /api/client-events/not-found', () => {
  it('accepts the path the 404 page showed', async () => {
    const response = await postJson(t.app, '/api/client-events/not-found', {
      path: '/no/such/page',
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('security headers', () => {
  it('are on every response, errors included', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});
