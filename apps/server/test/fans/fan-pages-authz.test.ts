import { FAN_PAGE_MESSAGES } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/profile-inputs.ts';
import { member } from '../support/shows.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUTES = [
  ['GET', '/api/fan/home'],
  ['GET', '/api/fan/alerts'],
  ['GET', '/api/fan/shows-attending'],
  ['GET', '/api/fan/shows-attended'],
  ['GET', '/api/fan/calendar-feed'],
  ['POST', '/api/fan/calendar-feed'],
  ['DELETE', '/api/fan/calendar-feed'],
] as const;

describe('/api/fan/*', () => {
  it('401 signed out, 403 for performers and venues, 200 for fans', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    const fan = await member(t, 'fan');
    for (const [method, url] of ROUTES) {
      const anonymous = await send(t.app, method, url, undefined);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const booker of [performer, venue]) {
        const refused = await send(t.app, method, url, booker.cookie);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json().error.message).toBe(FAN_PAGE_MESSAGES.fansOnly);
      }
      const ok = await send(t.app, method, url, fan.cookie);
      expect(ok.statusCode, `${method} ${url}`).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
    }
  });

  it('every route is in the OpenAPI document', async () => {
    const doc = (await send(t.app, 'GET', '/api/openapi.json', undefined)).json();
    for (const [method, url] of ROUTES) {
      expect(doc.paths[url], url).toHaveProperty(method.toLowerCase());
    }
    expect(doc.paths['/api/calendar/{token}.ics']).toHaveProperty('get');
  });
});
