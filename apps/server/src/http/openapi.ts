import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' zod schemas (the contract's), so it cannot
 * drift from what the API validates. JSON at /api/openapi.json, Swagger UI at /api/docs.
 * Must be registered before the routes: it collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Encore API',
        description:
          'Errors are `{ error: { code, message, fields? } }`. State-changing requests must come ' +
          'from the site itself (Origin check) and send JSON.',
        version,
      },
    },
    transform: jsonSchemaTransform,
  });
  // Tags start collapsed: with every operation listed open (129 since issue 17), Swagger UI
  // stopped rendering after the eleventh and showed one tag only (e2e/api-docs.spec.ts).
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
