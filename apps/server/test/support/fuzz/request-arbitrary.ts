import fc from 'fast-check';
import { IDENTITIES, type Identity } from './fuzz-world.ts';
import {
  HOSTILE_BODY_TEXTS,
  HOSTILE_KEYS,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_STRINGS,
  hostileValue,
} from './hostile-values.ts';
import { mutateJson } from './json-mutation.ts';
import type { FuzzRoute, RouteParam } from './openapi-routes.ts';
import { type Examples, schemaArbitrary, WHOLE_BODY } from './schema-arbitrary.ts';
import { shown } from './settings.ts';

export type FuzzRequest = {
  identity: Identity;
  method: string;
  url: string;
  /** The JSON text sent, if any. */
  payload: string | undefined;
};

/** Other spellings of the route's own `/api` prefix (the router may decode what a guard reads). */
const PREFIX_SPELLINGS = ['/%61pi', '//api', '/api/.', '/API', '/./api', '/api/x/..'];

/**
 * Who sends: an identity the route's access rule admits twice as often as one it refuses, so a
 * role's route is fuzzed past its guard more (a performer-only route: 40 of 100 requests as the
 * performer, not 25). Refusals stay cheap and common; 3 to 1 reached deeper still but made the
 * suite a third slower (the fan's routes re-ready the fan after each change).
 */
function identityArbitrary(route: FuzzRoute): fc.Arbitrary<Identity> {
  return fc.oneof(
    ...IDENTITIES.map((identity) => ({
      weight: route.admitted.includes(identity) ? 2 : 1,
      arbitrary: fc.constant(identity),
    })),
  );
}

/** Requests to one route: values from its schema, often with one hostile part. */
export function requestArbitrary(route: FuzzRoute, examples: Examples): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      identity: identityArbitrary(route),
      prefix: fc.oneof(
        { weight: 15, arbitrary: fc.constant('/api') },
        { weight: 1, arbitrary: fc.constantFrom(...PREFIX_SPELLINGS) },
      ),
      params: fc.tuple(...route.pathParams.map((p) => pathValue(p, examples))),
      query: queryString(route.query, examples),
      payload: bodyText(route, examples),
    })
    .map(({ identity, prefix, params, query, payload }) => {
      let path = route.path;
      route.pathParams.forEach((param, i) => {
        path = path.replace(`{${param.name}}`, params[i] ?? '');
      });
      if (path.startsWith('/api')) path = prefix + path.slice('/api'.length);
      const url = query ? `${path}?${query}` : path;
      return withShortPrint({ identity, method: route.method, url, payload });
    });
}

/** fast-check prints counterexamples through this: megabyte strings cut short. */
function withShortPrint(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, {
    [fc.toStringMethod]: () =>
      `${request.identity} ${request.method} ${shown(request.url)} ${shown(request.payload ?? '')}`,
  });
}

/** A path segment: a known id, a schema value, a hostile string, or a hostile raw spelling. */
function pathValue(param: RouteParam, examples: Examples): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: schemaArbitrary(param.schema, examples, param.name).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
  );
}

/** The query string: each parameter left out, valid, hostile, repeated or bracketed. */
function queryString(params: RouteParam[], examples: Examples): fc.Arbitrary<string> {
  const parts = params.map((param) => {
    const name = encodeURIComponent(param.name);
    const valid = schemaArbitrary(param.schema, examples, param.name).map(
      (v) => `${name}=${encode(v)}`,
    );
    return fc.oneof(
      { weight: 2, arbitrary: param.required ? valid : fc.constant('') },
      { weight: 4, arbitrary: valid },
      {
        weight: 3,
        arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((v) => `${name}=${encode(v)}`),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS).map((v) => `${name}=${v}`),
      },
      { weight: 1, arbitrary: valid.map((v) => `${v}&${v}`) },
      { weight: 1, arbitrary: fc.constant(`${name}[a]=1&${name}[__proto__][x]=1`) },
    );
  });
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...HOSTILE_KEYS), fc.constantFrom(...HOSTILE_STRINGS))
        .map(([k, v]) => `${encode(k)}=${encode(v)}`),
    },
  );
  return fc.tuple(...parts, extra).map((all) => all.filter(Boolean).join('&'));
}

/** A JSON text: the route's body (valid, or mutated once or twice), or a hostile text. */
function bodyText(route: FuzzRoute, examples: Examples): fc.Arbitrary<string | undefined> {
  const hostileText = fc.constantFrom(...HOSTILE_BODY_TEXTS);
  if (!route.body) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constant('{}') },
      { weight: 1, arbitrary: hostileValue.map(stringify) },
      { weight: 1, arbitrary: hostileText },
    );
  }
  const valid = schemaArbitrary(route.body, examples, WHOLE_BODY);
  const mutated = valid.chain((value) => mutateJson(value));
  return fc.oneof(
    { weight: 5, arbitrary: valid.map(stringify) },
    { weight: 5, arbitrary: mutated.map(stringify) },
    { weight: 1, arbitrary: mutated.chain((value) => mutateJson(value)).map(stringify) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Percent-encoding that also sends lone surrogates (as the invalid UTF-8 bytes a client could). */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  return Array.from(text, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');
}

function stringify(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}
