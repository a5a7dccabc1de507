import type { TRole } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessRule } from '../../src/http/access-rules.ts';
import { createWorld, fillPath, TARGETS, type World } from '../support/access-world.ts';
import { budget } from '../support/budget.ts';
import { CASE_HEADER, handlerSpy, rawRequest } from '../support/raw-http.ts';
import { TEST_ORIGIN } from '../support/test-app.ts';

/**
 * The CSRF suite: every state-changing route × Origin × spelling of its path × body type, over
 * real HTTP with the path sent as written. A cross-site (or `null`) Origin never reaches a
 * handler, a body that is not JSON never does either (but for the photo's image and the two
 * token-authenticated form posts), and a double-encoded path reaches none at all. "Reached" is
 * told by Fastify's diagnostics channel, not guessed from the status.
 */
let w: World;
let show: string;
const spy = handlerSpy();
beforeAll(async () => {
  w = await createWorld();
  show = await TARGETS.show.make(w);
}, budget(120_000));
afterAll(async () => {
  spy.stop();
  await w.t.close();
});

const ORIGINS: Record<string, string | undefined> = {
  foreign: 'https://evil.example',
  'same site, other port': 'http://localhost:3001',
  null: 'null',
  absent: undefined,
  own: TEST_ORIGIN,
};
const CROSS_SITE = new Set(['foreign', 'same site, other port', 'null']);

const SPELLINGS: Record<string, (path: string) => string> = {
  plain: (p) => p,
  'percent-encoded': (p) => p.replace(/^\/api/, '/%61pi'),
  'every letter encoded': (p) =>
    p.replace(/[a-z]/gi, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`),
  'double-encoded': (p) => p.replace(/^\/api/, '/%2561pi'),
  'doubled slashes': (p) => p.replaceAll('/', '//'),
  'upper case': (p) => p.replace(/^\/api/, '/API'),
  'dot segments': (p) => p.replace(/^\/api\//, '/api/x/../'),
  'trailing slash': (p) => `${p}/`,
};

const MULTIPART = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n';
const BODIES: Record<string, { type: string | undefined; body: string }> = {
  json: { type: 'application/json', body: '{}' },
  'text/plain': { type: 'text/plain', body: '{}' },
  form: { type: 'application/x-www-form-urlencoded', body: 'a=b' },
  multipart: { type: 'multipart/form-data; boundary=x', body: MULTIPART },
  image: { type: 'image/png', body: 'not really a png' },
  none: { type: undefined, body: '{}' },
};

/** The body types a route takes; everything else must be refused before its handler. */
const ACCEPTED: Record<string, readonly string[]> = {
  'POST /api/profile/photo': ['image'],
  // Token-authenticated, posted as forms by mail clients and the SMS provider: no cookies used.
  'POST /api/unsubscribe/:token': ['json', 'form', 'multipart'],
  'POST /api/sms/inbound': ['json', 'form'],
};
const accepted = (key: string) => ACCEPTED[key] ?? ['json'];
/**
 * Token routes that our own pages post (the email change link's page): they keep the Origin
 * check, which costs them nothing, so only the routes servers post are exempt from it.
 */
const POSTED_BY_OUR_PAGES = new Set(['POST /api/account/email/change/confirm']);

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routes = Object.entries(ACCESS_RULES).filter(([key]) =>
  STATE_CHANGING.has(key.slice(0, key.indexOf(' '))),
);

/** The account a forged request would ride on: one the route would otherwise serve. */
function victim(rule: AccessRule): string | undefined {
  const role: TRole | undefined =
    rule.access === 'token' ? undefined : 'roles' in rule ? rule.roles[0] : 'fan';
  return role && w.a[role].cookie;
}

let caseNumber = 0;
/** A new id for CASE_HEADER, so the spy can tell whether this very request reached a handler. */
function nextCase(label = 'case'): string {
  caseNumber += 1;
  return `${label}-${caseNumber}`;
}

describe('CSRF: no cross-site request and no non-JSON body reaches a handler', () => {
  it('the spy sees a request that does reach its handler', async () => {
    const id = nextCase('probe');
    const answer = await rawRequest(w.baseUrl, {
      method: 'POST',
      path: '/api/client-events/not-found',
      headers: { [CASE_HEADER]: id, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/nowhere' }),
    });
    expect(answer.status).toBe(204);
    expect(spy.reached(id)).toBe(true);
  });

  it.each(routes)('%s', async (key, rule) => {
    const method = key.slice(0, key.indexOf(' '));
    const path = fillPath(w, key.slice(key.indexOf(' ') + 1), show);
    const isToken = rule.access === 'token' && !POSTED_BY_OUR_PAGES.has(key);
    const failures: string[] = [];
    for (const [originName, origin] of Object.entries(ORIGINS)) {
      for (const [spellingName, spell] of Object.entries(SPELLINGS)) {
        for (const [typeName, { type, body }] of Object.entries(BODIES)) {
          const crossSite = CROSS_SITE.has(originName) && !isToken;
          const mayReach = accepted(key).includes(typeName) && !crossSite;
          const id = nextCase();
          const headers: Record<string, string> = { [CASE_HEADER]: id };
          if (origin) headers.origin = origin;
          if (type) headers['content-type'] = type;
          // What may reach the handler is sent signed out, so that it changes nothing.
          const cookie = mayReach ? undefined : victim(rule);
          if (cookie) headers.cookie = cookie;
          const answer = await rawRequest(w.baseUrl, { method, path: spell(path), headers, body });
          const reached = spy.reached(id);
          const refusedAsCsrf = answer.status === 403 && answer.code === 'CSRF_REJECTED';
          const ok =
            spellingName === 'double-encoded'
              ? answer.status === 404 && !reached
              : crossSite
                ? (refusedAsCsrf || answer.status === 404) && !reached
                : !mayReach
                  ? [400, 404, 415].includes(answer.status) && !reached
                  : !refusedAsCsrf && answer.status !== 500;
          if (!ok) {
            const how = `${originName} Origin, ${spellingName} ${spell(path)}, ${typeName} body`;
            failures.push(`${how}: ${answer.status} ${answer.code}${reached ? ' (REACHED)' : ''}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  // Found by this suite: the guard keyed its image exception by URL alone, so the DELETE on the
  // upload's URL took an image body too (the photo plugin's image parser is scoped to both).
  it('DELETE /api/profile/photo refuses an image body', async () => {
    const id = nextCase('photo');
    const answer = await rawRequest(w.baseUrl, {
      method: 'DELETE',
      path: '/api/profile/photo',
      headers: { [CASE_HEADER]: id, 'content-type': 'image/png', cookie: w.a.fan.cookie },
      body: 'not really a png',
    });
    expect(answer.status).toBe(400);
    expect(spy.reached(id)).toBe(false);
  });
});
