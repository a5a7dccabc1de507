import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The directives of a CSP header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** What makes the app's policy strict: checked on every kind of response below. */
function expectStrictAppPolicy(header: string | string[] | number | undefined) {
  const csp = directives(header);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
}

let t: TestApp;
let webDistDir: string;
beforeAll(async () => {
  // A stand-in for the built SPA: the headers do not depend on what index.html holds.
  webDistDir = mkdtempSync(join(tmpdir(), 'encore-web-dist-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ webDistDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('Content-Security-Policy', () => {
  it('is the strict policy on the SPA, at / and at a client-side route', async () => {
    for (const url of ['/', '/index.html', '/discover?q=x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expectStrictAppPolicy(response.headers['content-security-policy']);
    }
  });

  it('is the strict policy on API responses, errors included', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/openapi.json', 200],
      ['/api/nope', 404],
      ['/api/notifications', 401],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expectStrictAppPolicy(response.headers['content-security-policy']);
    }
  });

  it('is a looser policy on Swagger UI, still with no inline script and no framing', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui-bundle.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(400);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });

  it('does not hand the looser policy to a path that only looks like the docs', async () => {
    // Not a docs route: the SPA answers it (client-side 404), so it must get the strict policy.
    const response = await t.app.inject({ method: 'GET', url: '/api/docsx' });
    expectStrictAppPolicy(response.headers['content-security-policy']);
  });
  // A served photo keeps its own sandboxing policy: asserted in photo.test.ts.
});

describe('Strict-Transport-Security', () => {
  it('is not sent when PUBLIC_URL is http', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('is sent on every response when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ webDistDir, publicUrl: 'https://encore.example' });
    try {
      for (const url of ['/', '/api/health', '/api/nope', '/api/docs/']) {
        const response = await secure.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toMatch(
          /^max-age=\d{8,}; includeSubDomains$/,
        );
      }
    } finally {
      await secure.close();
    }
  });
});
