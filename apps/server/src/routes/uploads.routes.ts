import { GENERIC_MESSAGES, zSingleLineText } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocalDiskStorage } from '../adapters/storage/local-disk-storage.ts';
import { AppError } from '../http/app-error.ts';
import { IMAGE_CONTENT_TYPES, type ImageExtension } from '../services/image-sniff.ts';

export type UploadsRoutesOptions = { storage: LocalDiskStorage };

/**
 * GET /uploads/<key>: files kept by the local-disk storage. Keys are content hashes, so a URL's
 * bytes never change and may be cached for a year. The content type comes from the extension,
 * which the upload chose from the sniffed bytes.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (
  app,
  { storage },
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
      const { key } = request.params;
      const data = await storage.read(key);
      if (data === null) throw new AppError('NOT_FOUND', GENERIC_MESSAGES.notFound);
      const extension = key.slice(key.lastIndexOf('.') + 1) as ImageExtension;
      return reply
        .header('content-type', IMAGE_CONTENT_TYPES[extension])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );
};
