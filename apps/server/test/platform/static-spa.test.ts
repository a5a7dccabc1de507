import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/paths.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = makeTempDir('web-dist');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Encore</title><div id="root"></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log("encore")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  it('serves index.html at / without caching it', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files from the build', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/landing', '/auth/login', '/venue-dashboard'])(
    'answers %s with index.html (client-side routing)',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('answers a path the app has no page for with its index.html, 404 and noindex', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).toContain('<div id="root">');
  });

  it.each([
    ['/login', '/auth/login'],
    ['/Login/', '/auth/login'],
    ['/signin?next=%2Fdashboard', '/auth/login?next=%2Fdashboard'],
    ['/signup', '/auth/create-account'],
    ['/register', '/auth/create-account'],
  ])('sends %s, which a newcomer types, to the app’s page at %s', async (url, to) => {
    const response = await get(url);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it.each([`/uploads/${'a'.repeat(64)}.jpg`, '/uploads/x/y', '/uploads'])(
    'answers a missing upload %s with 404, not HTML',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    },
  );

  it('answers a missing hashed asset with 404, not HTML', async () => {
    const response = await get('/assets/index-Old00000.js');
    expect(response.statusCode).toBe(404);
  });

  it('sends index.html from memory, read at start, with an ETag that a 304 answers', async () => {
    const first = await get('/landing');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // A build changes index.html only with a restart: the file is not read per request.
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Changed on disk</title>');
    const again = await get('/dashboard');
    expect(again.body).toBe(first.body);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/landing',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('keeps /api/* JSON', async () => {
    const response = await get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('without a web build', () => {
  it('answers pages with a JSON 404 rather than failing', async () => {
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/landing' });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
