import { createHmac } from 'node:crypto';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/alerts/channels/unsubscribe-token.ts';
import { accessRuleOf } from '../../src/http/access-rules.ts';
import { createUser } from '../support/factories.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/profile-inputs.ts';
import { announced, member } from '../support/shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { webDistWithIndex } from '../support/web-dist.ts';

const SMS_TOKEN = 'openapi-sms-token';

type Response = { description: string; content?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
  requestBody?: { content: Record<string, unknown> };
};
type Document = {
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let base: string;
let source: string;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp({
    dataDir: makeTempDir('openapi-lint'),
    // The public pages' HTML is index.html with a head of their own: a build to take it from.
    webDistDir: webDistWithIndex('openapi-lint-web'),
    sms: { apiUrl: undefined, accountSid: 'ACdoc', authToken: SMS_TOKEN, from: '+15550003333' },
  });
  // A started app, over HTTP: what a client or a linter downloads, headers as they go out.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const response = await fetch(`${base}/api/openapi.json`);
  expect(response.status).toBe(200);
  source = await response.text();
  doc = JSON.parse(source) as Document;
});
afterAll(() => t.close());

/**
 * The problems Redocly's `recommended` rules may report, each with why it is allowed. Anything
 * else (any error, any other warning, these rules at another place) fails the test.
 */
const ALLOWED: { rule: string; at: RegExp; why: string }[] = [
  {
    rule: 'info-license',
    at: /^#\/info$/,
    why: 'Encore is not published under a licence (package.json is private): naming one would be untrue',
  },
  {
    rule: 'no-server-example.com',
    at: /^#\/servers\/0\/url$/,
    why: 'the server is PUBLIC_URL, which is localhost in this test as in a default install',
  },
  {
    rule: 'operation-4xx-response',
    at: /^#\/paths\/~1(api~1account~1session|api~1health|robots\.txt|sitemap\.xml)\/get\/responses$/,
    why: 'they take no input and admit everyone (signed out: { user: null }), so no 4xx is ever sent',
  },
  {
    rule: 'operation-2xx-response',
    at: /^#\/paths\/~1(go~1ticket~1\{id\}|api~1unsubscribe~1\{token\}|api~1account~1email~1verify)\/get\/responses$/,
    why: 'links followed in a browser: their success is a redirect (302, 303), described as such',
  },
];

const where = (p: NormalizedProblem) => p.location[0]?.pointer ?? '';

describe('the served OpenAPI document', () => {
  it('passes Redocly’s recommended rules, but for the allowed problems', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source,
      absoluteRef: `${base}/api/openapi.json`,
      config,
    });
    const unexpected = problems
      .filter((p) => !ALLOWED.some((a) => a.rule === p.ruleId && a.at.test(where(p))))
      .map((p) => `${p.severity} ${p.ruleId} at ${where(p)}: ${p.message}`);
    expect(unexpected).toEqual([]);
    // No converter leftovers the rules do not look for (a `mediaAnswer` is converted apart).
    expect(source).not.toMatch(/__SCHEMA__PLACEHOLDER__|"\$schema"/);
  });

  it('names the server, the session cookie as set at sign-up, and every operation', async () => {
    expect(doc.servers).toEqual([{ url: TEST_ORIGIN, description: 'This Encore' }]);
    const scheme = doc.components.securitySchemes.session;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const signUp = await fetch(`${base}/api/account/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `doc_${Date.now().toString(36)}`,
        email: `doc.${Date.now()}@example.com`,
        password: 'Str0ngPassword',
        confirmPassword: 'Str0ngPassword',
        role: 'fan',
      }),
    });
    expect(signUp.status).toBe(201);
    expect(signUp.headers.getSetCookie().map((c) => c.split('=')[0])).toContain(scheme?.name);
  });

  it('asks for the session exactly where the access rule does (none on public and token routes)', () => {
    const seen: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const rule = accessRuleOf(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'));
        const open = rule?.access === 'public' || rule?.access === 'token';
        seen.push(`${method} ${path}`);
        expect(rule, `${method} ${path}`).toBeDefined();
        expect(operation.security, `${method} ${path}`).toEqual(open ? [] : [{ session: [] }]);
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
      }
    }
    expect(seen).toContain('delete /api/account');
    expect(seen.filter((s) => s.endsWith('/'))).toEqual([]);
  });
});

/** What a route answers, fetched over HTTP as a browser, a mail client or a provider would. */
type Probe = { path: string; init?: RequestInit };

/**
 * Every operation the document says answers something other than JSON (another media type, or
 * a redirect), with a request that gets its success answer. An operation missing here fails.
 */
async function probes(): Promise<Record<string, Probe>> {
  const { show } = await announced(t);
  const fan = await member(t, 'fan');
  const venue = await member(t, 'venue');
  const feed = await send(t.app, 'POST', '/api/fan/calendar-feed', fan.cookie);
  const feedPath = new URL(feed.json<{ url: string }>().url).pathname;
  const photo = await t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    headers: { cookie: fan.cookie, 'content-type': 'image/png' },
    payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  });
  const photoPath = photo.json<{ photoUrl: string }>().photoUrl;
  const sms = { From: '+15550001111', To: '+15550003333', Body: 'HELP' };
  let signed = `${TEST_ORIGIN}/api/sms/inbound`;
  for (const name of Object.keys(sms).sort()) signed += name + sms[name as keyof typeof sms];
  const unsubscriber = await createUser(t.app);
  const token = encodeURIComponent(unsubscribeToken(t.config.authSecret, unsubscriber.user.id));
  return {
    'GET /api/shows/{id}/calendar.ics': { path: `/api/shows/${show.id}/calendar.ics` },
    'GET /api/calendar/{token}.ics': { path: feedPath },
    'GET /go/ticket/{id}': { path: `/go/ticket/${show.id}` },
    'GET /api/unsubscribe/{token}': { path: `/api/unsubscribe/${token}` },
    'GET /api/account/email/verify': { path: '/api/account/email/verify?token=nope' },
    'GET /api/notifications/stream': {
      path: '/api/notifications/stream',
      init: { headers: { cookie: fan.cookie } },
    },
    'POST /api/sms/inbound': {
      path: '/api/sms/inbound',
      init: {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': createHmac('sha1', SMS_TOKEN).update(signed).digest('base64'),
        },
        body: new URLSearchParams(sms).toString(),
      },
    },
    'GET /uploads/{key}': { path: photoPath },
    // The public pages' HTML, for crawlers and link previews (routes/page-html.routes.ts).
    'GET /shows/{id}': { path: `/shows/${show.id}` },
    'GET /artists/{id}': { path: `/artists/${show.performer.id}` },
    'GET /venues/{id}': { path: `/venues/${venue.id}` },
    'GET /shows': { path: '/shows?near=62701&radius=25' },
    // The tour-date feeds as calendars, and the widget's frame page (routes/tour-dates.routes.ts).
    'GET /api/artists/{id}/shows.ics': { path: `/api/artists/${show.performer.id}/shows.ics` },
    'GET /api/venues/{id}/shows.ics': { path: `/api/venues/${venue.id}/shows.ics` },
    'GET /embed/artists/{id}': { path: `/embed/artists/${show.performer.id}` },
    'GET /embed/venues/{id}': { path: `/embed/venues/${venue.id}` },
    'GET /robots.txt': { path: '/robots.txt' },
    'GET /sitemap.xml': { path: '/sitemap.xml' },
  };
}

const isJson = (type: string) => type === 'application/json';
const success = (status: string) => /^[23]/.test(status) && status !== '204' && status !== '304';

describe('non-JSON answers', () => {
  it('each answers with the status and media type the document gives it', async () => {
    const requests = await probes();
    const described: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const answers = Object.entries(operation.responses).filter(([status]) => success(status));
        const nonJson = answers.some(
          ([status, r]) =>
            status.startsWith('3') || Object.keys(r.content ?? {}).some((type) => !isJson(type)),
        );
        if (!nonJson) continue;
        const key = `${method.toUpperCase()} ${path}`;
        described.push(key);
        const probe = requests[key];
        if (!probe) throw new Error(`${key} answers non-JSON: add a probe for it`);
        const controller = new AbortController();
        const response = await fetch(`${base}${probe.path}`, {
          redirect: 'manual',
          signal: controller.signal,
          ...probe.init,
        });
        const documented = operation.responses[String(response.status)];
        expect(documented, `${key} answered ${response.status}`).toBeDefined();
        expect(success(String(response.status)), `${key}: ${response.status}`).toBe(true);
        const type = response.headers.get('content-type')?.split(';')[0]?.trim();
        if (response.status >= 300) {
          expect(response.headers.get('location'), key).toBeTruthy();
          expect(documented?.content, key).toBeUndefined();
        } else {
          expect(Object.keys(documented?.content ?? {}), key).toContain(type);
          expect(isJson(type ?? ''), key).toBe(false);
        }
        // The stream stays open: the headers are what is compared.
        controller.abort();
      }
    }
    expect(described.sort()).toEqual(Object.keys(requests).sort());
  });

  it('describes the SMS webhook’s form body and the one-click POST’s form', () => {
    const inbound = doc.paths['/api/sms/inbound']?.post;
    expect(Object.keys(inbound?.requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
    ]);
    const oneClick = doc.paths['/api/unsubscribe/{token}']?.post;
    expect(Object.keys(oneClick?.requestBody?.content ?? {})).toContain(
      'application/x-www-form-urlencoded',
    );
  });
});
