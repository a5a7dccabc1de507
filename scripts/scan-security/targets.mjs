// The scan's targets: every API route of the served OpenAPI document that takes input (path or
// query parameters, or a JSON body), filled with plausible values and paired with the session
// that the route lets through.
import { randomUUID } from 'node:crypto';
import { sampleValue } from './samples.mjs';

/**
 * Left out, each for a reason: the notification stream never ends (a scanner would hang on it);
 * logout and account deletion would end the sessions the rest of the scan uses.
 */
const SKIPPED = new Set([
  'GET /api/notifications/stream',
  'POST /api/account/logout',
  'DELETE /api/account/',
  'DELETE /api/account',
]);

const ROLES = ['fan', 'performer', 'venue'];

/**
 * Reads /api/openapi.json and returns the targets. `sessions` maps each role to its Cookie
 * header; each target gets the first role (or none) whose sample request is let through.
 */
export async function loadTargets(origin, sessions) {
  const document = await (await fetch(`${origin}/api/openapi.json`)).json();
  const operations = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (!SKIPPED.has(key)) operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
  const ids = await harvestIds(origin, sessions, operations);
  const targets = [];
  for (const { method, path, operation } of operations) {
    const parameters = operation.parameters ?? [];
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (parameters.length === 0 && !schema) continue;
    const target = buildTarget(origin, method, path, parameters, schema, ids);
    target.role = await letThrough(origin, target, sessions);
    targets.push(target);
  }
  return { targets, ids };
}

function buildTarget(origin, method, path, parameters, schema, ids) {
  const pathParams = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  let filled = path;
  for (const p of parameters.filter((q) => q.in === 'path')) {
    filled = filled.replace(`{${p.name}}`, encodeURIComponent(pathValue(path, p, ids)));
  }
  const query = new URLSearchParams();
  for (const p of parameters.filter((q) => q.in === 'query')) {
    query.set(p.name, String(sampleValue(p.schema, p.name, ids)));
  }
  const search = query.size > 0 ? `?${query}` : '';
  return {
    label: `${method} ${path}`,
    method,
    path,
    url: `${origin}${filled}${search}`,
    // The same URL with sqlmap's marker after each path value: injection points it would not
    // find by itself (it tests query and body parameters on its own).
    markedUrl: pathParams.length > 0 ? markPathValues(origin, path, parameters, ids, search) : null,
    queryParams: [...query.keys()],
    data: schema ? JSON.stringify(sampleValue(schema, '', ids)) : undefined,
    role: null,
  };
}

function markPathValues(origin, path, parameters, ids, search) {
  let marked = path;
  for (const p of parameters.filter((q) => q.in === 'path')) {
    marked = marked.replace(`{${p.name}}`, `${encodeURIComponent(pathValue(path, p, ids))}*`);
  }
  return `${origin}${marked}${search}`;
}

/** A real id when the path names what it is (/api/shows/{id} takes a show's id). */
function pathValue(path, parameter, ids) {
  if (parameter.name === 'id') {
    const collection = path.split('/{id}')[0]?.split('/').pop() ?? '';
    const kind = { shows: 'show', artists: 'performer', venues: 'venue' }[collection];
    if (path.endsWith('/cancel') && ids.showToCancel) return ids.showToCancel;
    if (kind && ids[kind]) return ids[kind];
    return randomUUID();
  }
  if (parameter.name === 'token' && path.startsWith('/api/calendar/')) {
    return ids.calendarToken ?? 'scan';
  }
  return String(sampleValue(parameter.schema, parameter.name, ids));
}

/**
 * Real ids from the demo data: every GET without parameters, as every role, and any object with
 * an `id` is filed under the key that held it ("shows" → show, "performer", "venue"). The fan's
 * calendar feed is turned on so its token URL has a real token.
 */
async function harvestIds(origin, sessions, operations) {
  const ids = {};
  const all = {};
  const file = (kind, id) => {
    const singular = kind.replace(/s$/, '');
    if (typeof id !== 'string') return;
    ids[singular] ??= id;
    all[singular] ??= new Set();
    all[singular].add(id);
  };
  const walk = (value, key) => {
    if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (value && typeof value === 'object') {
      if ('id' in value && key) file(key, value.id);
      for (const [childKey, child] of Object.entries(value)) walk(child, childKey);
    }
  };
  const plainGets = operations.filter(
    ({ method, operation }) => method === 'GET' && (operation.parameters ?? []).length === 0,
  );
  for (const role of ROLES) {
    for (const { path } of plainGets) {
      const response = await fetch(`${origin}${path}`, { headers: { cookie: sessions[role] } });
      if (response.headers.get('content-type')?.includes('application/json')) {
        walk(await response.json(), '');
      }
    }
  }
  const feed = await fetch(`${origin}/api/fan/calendar-feed`, {
    method: 'POST',
    headers: { cookie: sessions.fan, origin },
  });
  const feedUrl = feed.ok ? (await feed.json()).url : undefined;
  if (typeof feedUrl === 'string')
    ids.calendarToken = feedUrl
      .split('/')
      .pop()
      ?.replace(/\.ics$/, '');
  // Cancelling is for good: that target gets a show of its own, not the one the others use.
  ids.showToCancel = [...(all.show ?? [])].at(-1);
  return ids;
}

/**
 * Who the route lets through: the first of anonymous, fan, performer, venue that gets a 2xx; else
 * a signed-in role not refused with 401/403 (a 400 may come before the role check), the one the
 * path names if any (/api/profile/venue).
 */
async function letThrough(origin, target, sessions) {
  const statuses = new Map();
  for (const role of [null, ...ROLES]) {
    const headers = { origin };
    if (role) headers.cookie = sessions[role];
    if (target.data) headers['content-type'] = 'application/json';
    const response = await fetch(target.url, { method: target.method, headers, body: target.data });
    await response.arrayBuffer();
    if (response.ok) return role;
    statuses.set(role, response.status);
  }
  const refused = (status) => status === 401 || status === 403;
  const allowed = ROLES.filter((role) => !refused(statuses.get(role)));
  const named = allowed.find((role) => target.path.includes(`/${role}`));
  return named ?? allowed[0] ?? 'fan';
}
