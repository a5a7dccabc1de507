import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

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
