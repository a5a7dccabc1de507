import { zSingleLineText } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UploadsService } from '../services/uploads.service.ts';

export type UploadsRoutesOptions = { service: UploadsService };

/**
 * GET /uploads/<key>: files kept by the local-disk storage. Keys are content hashes, so a URL's
 * bytes never change and may be cached for a year.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (
  app,
  { service },
) => {
  app.get(
    '/:key',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded photo',
        params: z.object({ key: zSingleLineText().max(100) }),
      },
    },
    async (request, reply) => {
      const { data, contentType } = await service.file(request.params.key);
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
};
