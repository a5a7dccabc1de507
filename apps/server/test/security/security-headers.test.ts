import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

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
  it('is the strict policy on the SPA, at /, at client-side routes and at its not-found page', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/index.html', 200],
      ['/discovery?q=x', 200],
      ['/shows', 200],
      ['/shows/no-such-show', 404],
      ['/discover?q=x', 404],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expectStrictAppPolicy(response.headers['content-security-policy']);
    }
  });

  it('lets nothing load or frame a JSON answer of the API, errors and cached pages included', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/openapi.json', 200],
      ['/api/nope', 404],
      ['/api/notifications', 401],
      ['/api/shows?near=10001', 200],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      // The whole policy: JSON is never a page that loads anything (OWASP's advice for APIs).
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('is the strict policy on Swagger UI too: it has no inline script', async () => {
    // e2e/api-docs.spec.ts proves in the browser that Swagger UI works under it.
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui-bundle.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(400);
      expectStrictAppPolicy(response.headers['content-security-policy']);
    }
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
