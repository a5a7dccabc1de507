import { zMultiLineText, zSingleLineText } from '@encore/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routesOfOpenApi } from '../support/fuzz/openapi-routes.ts';
import type { JsonSchema } from '../support/fuzz/schema-arbitrary.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Every string a route takes (path, query, JSON body, at any depth) is built by the contract's
 * zSingleLineText() or zMultiLineText() (CONTRIBUTING.md), so NUL and other control characters
 * are a field error before Postgres or the database sees them. Read from the served OpenAPI
 * document, where the builders' rule is the string's `pattern`: a bare z.string() has none. The
 * tour plan's prompt was one (second security probe, finding 4); the endpoint fuzz saved and echoed its
 * control characters without noticing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The builders' patterns, as zod writes them into the document. */
const TEXT_RULES = [zSingleLineText(), zMultiLineText()].map(
  (schema) => (z.toJSONSchema(schema) as JsonSchema).pattern,
);

/** Where each string without the builders' rule is, e.g. `POST /api/tour-plans body.prompt`. */
function bareStrings(schema: JsonSchema | undefined, where: string): string[] {
  if (!schema) return [];
  const nested = [
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
      bareStrings(s, where),
    ),
    ...Object.entries(schema.properties ?? {}).flatMap(([key, s]) =>
      bareStrings(s, `${where}.${key}`),
    ),
    ...bareStrings(schema.items, `${where}[]`),
    ...(typeof schema.additionalProperties === 'object'
      ? bareStrings(schema.additionalProperties, `${where}{}`)
      : []),
  ];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  // A closed list of values (an enum, a constant) cannot carry a control character.
  if (!types.includes('string') || schema.enum || 'const' in schema) return nested;
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)];
  return patterns.some((p) => TEXT_RULES.includes(p)) ? nested : [where, ...nested];
}

describe('request strings', () => {
  it('finds a bare z.string() (the check itself works)', () => {
    const body = z.toJSONSchema(z.object({ a: zSingleLineText(), b: z.array(z.string()) }));
    expect(bareStrings(body as JsonSchema, 'body')).toEqual(['body.b[]']);
  });

  it('are all built by the contract’s text builders, on every route', async () => {
    const routes = await routesOfOpenApi(t.app);
    expect(routes.length).toBeGreaterThan(50);
    const bare = routes.flatMap((route) => [
      ...[...route.pathParams, ...route.query].flatMap((p) =>
        bareStrings(p.schema, `${route.key} ${p.name}`),
      ),
      ...bareStrings(route.body, `${route.key} body`),
    ]);
    // The public pages' HTML (routes/page-html.routes.ts) takes any id and answers the not-found
    // page for one that is not an id (ZId there, before anything reads it): a link may carry
    // anything, and a wrong one must draw the app's screen, not a JSON 400.
    const pagesTakingAnyId = ['/shows/{id}', '/artists/{id}', '/venues/{id}'].map(
      (path) => `GET ${path} id`,
    );
    expect(bare.filter((where) => !pagesTakingAnyId.includes(where))).toEqual([]);
  });
});
