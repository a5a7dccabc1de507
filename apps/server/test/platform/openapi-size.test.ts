import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What Swagger UI (/api/docs) downloads, parses and resolves before it shows anything. Every
 * answer inlined, it was 667 KB and the page took ~19 s to show its heading on a loaded host
 * (the docs page drew its heading after ~19 s at load 12); the shared answers are components now (http/openapi-components.ts, decision 039).
 */
const BUDGET_BYTES = 200_000;

type Json = unknown;

let t: TestApp;
let body: string;
let doc: Record<string, Json>;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  body = response.body;
  doc = JSON.parse(body) as Record<string, Json>;
});
afterAll(() => t.close());

/** Every `$ref` in the document, with where it is. */
function refsOf(value: Json, at: string, found: [string, string][] = []): [string, string][] {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push([at, child]);
      else refsOf(child, `${at}/${key}`, found);
    }
  }
  return found;
}

/** What a local reference (`#/components/schemas/Show`) points at, if anything. */
function target(ref: string): Json {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, Json>)[key];
  }
  return node;
}

describe('the served OpenAPI document', () => {
  it(`stays within ${BUDGET_BYTES / 1000} KB: shared answers are written once`, () => {
    const bytes = Buffer.byteLength(body);
    expect(
      bytes,
      `${bytes} bytes: share the biggest repeated answer (http/openapi-components.ts)`,
    ).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('refers only to components it has, and uses each it has', () => {
    const refs = refsOf(doc, '#');
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter(([, ref]) => target(ref) === undefined)).toEqual([]);
    const components = doc.components as Record<string, Record<string, Json>>;
    const used = new Set(refs.map(([, ref]) => ref));
    const unused = ['schemas', 'responses'].flatMap((kind) =>
      Object.keys(components[kind] ?? {})
        .map((name) => `#/components/${kind}/${name}`)
        .filter((ref) => !used.has(ref)),
    );
    expect(unused).toEqual([]);
  });

  it('answers every error with the API’s error body, once under components', () => {
    type Answer = { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> };
    const paths = doc.paths as Record<
      string,
      Record<string, { responses: Record<string, Answer> }>
    >;
    const errors: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          // The public pages' 404 is HTML; the health check's 503 is its own report, degraded.
          if (!/^[45]/.test(status) || answer.content?.['text/html']) continue;
          if (path === '/api/health' && status === '503') continue;
          const resolved = (answer.$ref ? target(answer.$ref) : answer) as Answer;
          const schema = resolved.content?.['application/json']?.schema;
          errors.push(`${method} ${path} ${status}: ${schema?.$ref}`);
          expect(schema?.$ref, `${method} ${path} ${status}`).toBe('#/components/schemas/ApiError');
        }
      }
    }
    expect(errors.length).toBeGreaterThan(300);
    const responses = (doc.components as { responses: Record<string, { description: string }> })
      .responses;
    expect(responses.NotFound?.description).toBe('Not Found: `error.code` is `NOT_FOUND`.');
    expect(responses.TooManyRequests?.description).toContain('`RATE_LIMITED`');
  });
});
