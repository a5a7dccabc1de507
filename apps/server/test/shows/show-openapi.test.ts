import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents the show, artist, venue, alert and directory routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/shows',
        '/api/shows/mine',
        '/api/shows/{id}',
        '/api/shows/{id}/calendar.ics',
        '/api/shows/{id}/cancel',
        '/api/shows/{id}/postpone',
        '/api/shows/{id}/results',
        '/api/shows/{id}/attendance',
        '/api/artists/{id}',
        '/api/artists/{id}/alert',
        '/api/alerts/watching',
        '/api/venues/{id}',
        '/api/directory/performers',
        '/api/directory/venues',
      ]),
    );
  });

  it('a very long id is refused as too long, never a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/shows/${'x'.repeat(300)}` });
    expect(response.statusCode).toBe(414);
  });
});

describe('signed out', () => {
  it.each([
    ['POST', '/api/shows'],
    ['PATCH', '/api/shows/x'],
    ['POST', '/api/shows/x/cancel'],
    ['POST', '/api/shows/x/postpone'],
    ['PUT', '/api/shows/x/results'],
    ['PUT', '/api/shows/x/attendance'],
    ['GET', '/api/shows/mine'],
    ['PUT', '/api/artists/x/alert'],
    ['DELETE', '/api/artists/x/alert'],
    ['GET', '/api/alerts/watching'],
    ['GET', '/api/directory/performers'],
  ] as const)('%s %s is 401', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
  });
});
