import { ZHealthResponse } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from '../services/health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ service: HealthService }> = async (
  app,
  { service },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Whether the API can reach its database (503 when it cannot)',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const health = await service.check();
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
