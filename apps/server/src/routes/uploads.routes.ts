import { PHOTO_MIME_TYPES, ZApiError, zSingleLineText } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_CACHE } from '../http/cache-control.ts';
import { mediaAnswer } from '../http/openapi-media.ts';
import { etagMatches } from '../http/public-cache.ts';
import type { UploadsService } from '../services/uploads.service.ts';

export type UploadsRoutesOptions = { service: UploadsService };

/**
 * GET /uploads/<key>: files kept by the local-disk storage, revalidated on every use (PHOTO_CACHE); a key that
 * names no file (deleted, replaced, never there) answers 404 that no cache stores.
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
        response: {
          200: mediaAnswer(PHOTO_MIME_TYPES, 'The photo, as it was uploaded', z.string()),
          304: z.null().describe('Not modified: the If-None-Match ETag is still the file'),
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const etag = service.etag(key);
      if (etagMatches(request.headers['if-none-match'], etag) && (await service.exists(key))) {
        return reply
          .code(304)
          .header('cache-control', PHOTO_CACHE)
          .header('etag', `"${etag}"`)
          .send();
      }
      const { data, contentType } = await service.file(key);
      return reply
        .header('content-type', contentType)
        .header('cache-control', PHOTO_CACHE)
        .header('etag', `"${etag}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
};
