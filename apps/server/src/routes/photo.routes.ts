import { PHOTO_MAX_BYTES, PHOTO_MESSAGES, ZApiError, ZPhotoResponse } from '@encore/contract';
import type { FastifyError, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { errorHandler } from '../http/error-handler.ts';
import { currentUser } from '../http/signed-in.ts';
import type { PhotoService } from '../services/photo.service.ts';

export type PhotoRoutesOptions = { service: PhotoService; signedIn: onRequestHookHandler };

/** Room above the limit, so the service's own check answers for a file just over 5 MB. */
const BODY_LIMIT = PHOTO_MAX_BYTES + 64 * 1024;

/** Fastify's body errors, in the words of the spec's photo messages. */
const UPLOAD_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('FILE_TOO_LARGE', PHOTO_MESSAGES.tooLarge),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('INVALID_FILE_TYPE', PHOTO_MESSAGES.invalidType),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new AppError('UPLOAD_FAILED', PHOTO_MESSAGES.failed),
};

const tags = ['profile'];

/** POST and DELETE /api/profile/photo: the raw image is the body (no multipart). */
export const photoRoutes: FastifyPluginAsyncZod<PhotoRoutesOptions> = async (
  app,
  { service, signedIn },
) => {
  app.addHook('onRequest', signedIn);
  // Scoped to this plugin: nowhere else does the API accept anything but JSON.
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/i,
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/photo',
    {
      bodyLimit: BODY_LIMIT,
      errorHandler: (error: FastifyError, request, reply) =>
        errorHandler(UPLOAD_ERRORS[error.code ?? '']?.() ?? error, request, reply),
      schema: {
        tags,
        summary: 'Upload the profile photo: the JPEG or PNG bytes as the body, at most 5 MB',
        consumes: ['image/jpeg', 'image/png'],
        response: {
          200: ZPhotoResponse,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          413: ZApiError,
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      return service.upload(currentUser(request), body);
    },
  );

  app.delete(
    '/photo',
    {
      schema: {
        tags,
        summary: 'Remove the profile photo',
        response: { 204: z.null(), 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request));
      return reply.status(204).send(null);
    },
  );
};
