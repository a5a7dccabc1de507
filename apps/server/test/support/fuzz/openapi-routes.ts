import type { FastifyInstance } from 'fastify';
import { accessRuleOf } from '../../../src/http/access-rules.ts';
import { IDENTITIES, type Identity } from './fuzz-world.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

export type RouteParam = { name: string; schema: JsonSchema; required: boolean };

/** One operation of the served OpenAPI document, as the fuzzer needs it. */
export type FuzzRoute = {
  /** `GET /api/shows/{id}`: stable, so a route's seed does not move when routes are added. */
  key: string;
  method: string;
  /** The OpenAPI path template, `{name}` for each path parameter. */
  path: string;
  pathParams: RouteParam[];
  query: RouteParam[];
  /** The JSON body's schema; undefined when the route takes none. */
  body: JsonSchema | undefined;
  /** Who its access rule lets through (http/access-rules.ts): most requests are sent as them. */
  admitted: readonly Identity[];
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation the app's own `/api/openapi.json` lists, whoever added it. */
export async function routesOfOpenApi(app: FastifyInstance): Promise<FuzzRoute[]> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`openapi.json: ${response.statusCode}`);
  const document = response.json<OpenApiDocument>();
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        schema: p.schema ?? {},
        required: p.required ?? false,
      }));
      routes.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        admitted: admitted(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1')),
      });
    }
  }
  return routes;
}

/** The identities a route's access rule admits; every one when it has none (the router's 404). */
function admitted(method: string, path: string): readonly Identity[] {
  const rule = accessRuleOf(method, path);
  if (!rule || rule.access === 'public' || rule.access === 'token') return IDENTITIES;
  if (rule.access === 'signed-in') return IDENTITIES.filter((i) => i !== 'anonymous');
  return IDENTITIES.filter((i) => i !== 'anonymous' && rule.roles.includes(i));
}
