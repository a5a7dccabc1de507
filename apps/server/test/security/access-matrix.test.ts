import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RULES, type AccessRule, accessKey } from '../../src/http/access-rules.ts';
import { CACHEABLE_ROUTES } from '../../src/http/cache-control.ts';
import { CACHED_PAGES } from '../../src/http/cached-pages.ts';
import {
  type Account,
  type Answer,
  type Call,
  call,
  createWorld,
  fillPath,
  OWNER_BODIES,
  ROLES,
  TARGETS,
  TOKEN_PROOFS,
  throwaway,
  type World,
} from '../support/access-world.ts';
import { budget } from '../support/budget.ts';

/**
 * The access matrix: every route in http/access-rules.ts, called as anonymous, as each wrong role
 * (two accounts each), as a wrong owner and as the right caller, must answer as its rule says.
 * The table is the app's route list (the app refuses to start with a route missing from it, and
 * the last tests below check it against the served OpenAPI document and the router), so walking
 * the table walks every route of the document, hidden ones included.
 */
let w: World;
let publicShow: string;
beforeAll(async () => {
  w = await createWorld();
  publicShow = await TARGETS.show.make(w);
}, budget(120_000));
afterAll(() => w.t.close());

/** Routes that end the caller's session or account: their right caller is a throwaway account. */
const ENDS_CALLER = new Set(['POST /api/account/logout', 'DELETE /api/account']);
/** Routes the OpenAPI document leaves out: the document itself and Swagger UI. */
const UNDOCUMENTED = [
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
];

/** The route being walked, and every answer seen for each, for the Cache-Control check. */
let walking = '';
const answersOf = new Map<string, Answer[]>();
async function ask(c: Call): Promise<Answer> {
  const answer = await call(w, c);
  answersOf.set(walking, [...(answersOf.get(walking) ?? []), answer]);
  return answer;
}

function parts(key: string): [string, string] {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
}

/** The right caller is let in: neither 401 nor 403 (nor a crash). */
function expectLetIn(answer: Answer, who: string) {
  expect([401, 403, 500], `${who}: ${answer.status} ${answer.message}`).not.toContain(
    answer.status,
  );
}

function expectSignedOut(answer: Answer, who: string) {
  expect(answer.status, who).toBe(401);
  if (answer.code !== undefined) expect(answer.code, who).toBe('UNAUTHENTICATED');
}

function expectWrongRole(answer: Answer, who: string, refusal: string) {
  expect(answer.status, who).toBe(403);
  expect(answer.code, who).toBe('FORBIDDEN');
  expect(answer.message, who).toBe(refusal);
}

async function rightCaller(key: string, role: (typeof ROLES)[number]): Promise<Account> {
  return ENDS_CALLER.has(key) ? throwaway(w, role) : w.a[role];
}

/** Anonymous first (HEAD too for a GET: it shares the GET's rule), then each role's callers. */
type SessionRule = Extract<AccessRule, { access: 'signed-in' | 'role' }>;

async function checkSignedIn(key: string, request: (cookie?: string) => Call, rule: SessionRule) {
  const [method] = parts(key);
  expectSignedOut(await ask(request()), 'anonymous');
  if (method === 'GET') {
    expectSignedOut(await ask({ ...request(), method: 'HEAD' }), 'anonymous HEAD');
  }
  const roles = rule.access === 'signed-in' ? ROLES : rule.roles;
  for (const role of ROLES) {
    if (rule.access !== 'role' || roles.includes(role)) continue;
    for (const account of [w.a[role], w.b[role]]) {
      expectWrongRole(await ask(request(account.cookie)), `${role} (wrong role)`, rule.refusal);
    }
  }
  for (const role of roles) {
    const account = await rightCaller(key, role);
    expectLetIn(await ask(request(account.cookie)), role);
  }
}

async function checkOwner(key: string, rule: Extract<AccessRule, { access: 'owner' }>) {
  const [method, url] = parts(key);
  const target = TARGETS[rule.target];
  const id = await target.make(w);
  const body = OWNER_BODIES[key];
  const request = (cookie?: string, on = id): Call => ({
    method,
    path: url.replace(':id', on),
    cookie,
    body,
  });
  const before = await target.state(w, id);
  expectSignedOut(await ask(request()), 'anonymous');
  for (const role of ROLES.filter((r) => !rule.roles.includes(r))) {
    for (const account of [w.a[role], w.b[role]]) {
      expectWrongRole(await ask(request(account.cookie)), `${role} (wrong role)`, rule.refusal);
    }
  }
  for (const role of rule.roles) {
    const answer = await ask(request(w.b[role].cookie));
    expect([403, 404], `${role} B (not the owner): ${answer.message}`).toContain(answer.status);
  }
  expect(await target.state(w, id), 'the target after refused calls').toEqual(before);
  for (const role of rule.roles) {
    expectLetIn(await ask(request(w.a[role].cookie, await target.make(w, role))), `${role} A`);
  }
}

async function checkToken(key: string) {
  const proof = TOKEN_PROOFS[key];
  expect(proof, `${key}: say in TOKEN_PROOFS how to forge and prove its token`).toBeDefined();
  if (!proof) return;
  const forged = proof.forged(w);
  for (const cookie of [undefined, ...ROLES.map((r) => w.a[r].cookie)]) {
    const answer = await ask({ ...forged, cookie });
    expect(proof.refused(answer), `forged proof, ${cookie ? 'signed in' : 'anonymous'}`).toBe(true);
  }
  if (proof.genuine) {
    const answer = await ask(await proof.genuine(w));
    expect(answer.status, `genuine proof: ${answer.message}`).toBeLessThan(400);
  }
}

describe('every route answers as its access rule says', () => {
  it.each(Object.entries(ACCESS_RULES))('%s', async (key, rule) => {
    walking = key;
    const [method, url] = parts(key);
    const request = (cookie?: string): Call => ({
      method,
      path: fillPath(w, url, publicShow),
      cookie,
    });
    switch (rule.access) {
      case 'public':
        expectLetIn(await ask(request()), 'anonymous');
        for (const role of ROLES) {
          expectLetIn(await ask(request((await rightCaller(key, role)).cookie)), role);
        }
        return;
      case 'token':
        return checkToken(key);
      case 'owner':
        return checkOwner(key, rule);
      default:
        return checkSignedIn(key, request, rule);
    }
  });
});

describe('the table', () => {
  it('lists the routes of the served OpenAPI document, and only the documentation besides', async () => {
    const doc = (await w.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((m) =>
        accessKey(m.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')),
      ),
    );
    expect(documented.filter((key) => !(key in ACCESS_RULES))).toEqual([]);
    const rest = Object.keys(ACCESS_RULES).filter((key) => !documented.includes(key));
    expect(rest.sort()).toEqual([...UNDOCUMENTED].sort());
  });

  it('has no stale entry: the router serves each one', () => {
    for (const key of Object.keys(ACCESS_RULES)) {
      const [method, url] = parts(key);
      expect(w.t.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  it('keeps every API answer out of caches unless its route is listed in http/cache-control.ts', () => {
    expect(Object.keys(CACHEABLE_ROUTES).filter((key) => !(key in ACCESS_RULES))).toEqual([]);
    // A page every visitor shares (http/cached-pages.ts) is one a browser may keep too.
    const publicPages = Object.values(CACHED_PAGES).filter((page) => page.cache === 'public');
    expect(publicPages.filter((page) => !(page.route in CACHEABLE_ROUTES))).toEqual([]);
    const stored: string[] = [];
    for (const [key, answers] of answersOf) {
      const [, url] = parts(key);
      if (!url.startsWith('/api') && !url.startsWith('/go/') && !url.startsWith('/uploads/'))
        continue;
      for (const { status, cacheControl } of answers) {
        const listed = key in CACHEABLE_ROUTES;
        if (listed ? cacheControl === null : cacheControl !== 'no-store')
          stored.push(`${key} ${status}: ${cacheControl}`);
      }
    }
    expect(answersOf.size).toBe(Object.keys(ACCESS_RULES).length);
    expect(stored).toEqual([]);
  });
});
