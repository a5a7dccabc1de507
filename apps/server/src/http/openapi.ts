import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { answerTransform, withSharedComponents } from './openapi-components.ts';
import { isMediaAnswer } from './openapi-media.ts';
import { describeOperation, SESSION_SCHEME } from './openapi-operations.ts';

export type OpenApiOptions = {
  version: string;
  /** Where the API is served (PUBLIC_URL): the document's one server. */
  publicUrl: string;
  /** The session cookie's name, as better-auth sets it (auth/auth.ts). */
  sessionCookie: string;
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI document is generated from the routes' zod schemas (the contract's), so it cannot
 * drift from what the API validates; each operation's id, security and access sentence come from
 * its registration and its rule in access-rules.ts (http/openapi-operations.ts), and non-JSON
 * answers from their `mediaAnswer` (http/openapi-media.ts). JSON at /api/openapi.json, Swagger UI
 * at /api/docs; test/platform/openapi-lint.test.ts holds it to Redocly's `recommended` rules.
 * Must be registered before the routes: it collects them as they are added.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: OpenApiOptions,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Encore API',
        description:
          'Errors are `{ error: { code, message, fields? } }`. State-changing requests must come ' +
          'from the site itself (Origin check) and send JSON. Signed-in routes take the session ' +
          'cookie that `POST /api/account/login` and `POST /api/account/sign-up` set.',
        version: options.version,
      },
      servers: [{ url: options.publicUrl.replace(/\/+$/, ''), description: 'This Encore' }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: options.sessionCookie,
            description: 'The session cookie (httpOnly, SameSite=Lax), set at login or sign-up.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: withSharedComponents,
  });
  // Tags start collapsed: with every operation listed open (129 of them), Swagger UI
  // stopped rendering after the eleventh and showed one tag only (e2e/api-docs.spec.ts).
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** One route as the document shows it: zod schemas as JSON Schema, then its registration's parts. */
function documentRoute(input: TransformInput): { schema: FastifySchema; url: string } {
  const { schema, route } = input;
  const response = schema?.response as Record<string, unknown> | undefined;
  const media = Object.entries(response ?? {}).filter(([, entry]) => isMediaAnswer(entry));
  const json =
    response && Object.fromEntries(Object.entries(response).filter(([, e]) => !isMediaAnswer(e)));
  const converted = jsonSchemaTransform({ ...input, schema: { ...schema, response: undefined } });
  const out = converted.schema as Record<string, unknown>;
  if (out.hide) return converted;
  if (json) {
    // Answers by their own transform: a shared one becomes a `$ref` (http/openapi-components.ts).
    out.response = answerTransform({ ...input, schema: { response: json } }).schema.response;
  }
  const responses = out.response as Record<string, unknown> | undefined;
  for (const [status, entry] of media) {
    if (!isMediaAnswer(entry) || !responses) continue;
    responses[status] = {
      description: entry.description,
      content: Object.fromEntries(
        Object.entries(entry.content).map(([type, { schema: zod }]) => [
          type,
          { schema: jsonSchemaOf(input, zod) },
        ]),
      ),
    };
  }
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  return describeOperation(String(method), converted.url, out);
}

/** A zod schema as the document's JSON Schema, converted as the routes' are. */
function jsonSchemaOf(input: TransformInput, zod: unknown): unknown {
  const { schema } = jsonSchemaTransform({ ...input, schema: { response: { 200: zod } } });
  // The converter's `$schema` and placeholder `$id` are for a whole document; @fastify/swagger
  // drops them from the responses it converts itself, but takes media-type content as it is.
  const { $schema, $id, ...json } =
    (schema.response as Record<string, Record<string, unknown>>)[200] ?? {};
  return json;
}
