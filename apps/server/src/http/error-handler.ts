import { GENERIC_MESSAGES } from '@encore/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

/** Messages for what Fastify itself rejects before a route runs; none of it is a server fault. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the request body',
};

const BY_STATUS: Record<number, [AppError['code'], string]> = {
  401: ['UNAUTHENTICATED', GENERIC_MESSAGES.unauthenticated],
  403: ['FORBIDDEN', GENERIC_MESSAGES.forbidden],
  404: ['NOT_FOUND', GENERIC_MESSAGES.notFound],
  429: ['RATE_LIMITED', GENERIC_MESSAGES.rateLimited],
};

type ValidationIssue = { instancePath: string; message?: string; keyword: string; params: object };

/** Zod issues -> `fields` (field -> its first message), the shape the forms put under inputs. */
function validationError(issues: ValidationIssue[], context: string | undefined): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'unrecognized_keys' && 'keys' in issue.params) {
      for (const key of issue.params.keys as string[]) {
        fields[[...path, key].join('.')] ??= 'Unknown field';
      }
    } else if (path.length > 0) {
      fields[path.join('.')] ??= issue.message ?? 'Invalid input';
    }
  }
  if (Object.keys(fields).length > 0) {
    return new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', { fields });
  }
  const where = context === 'querystring' ? 'query string' : (context ?? 'request');
  return new AppError(
    'VALIDATION_FAILED',
    `Invalid ${where}: ${issues[0]?.message ?? 'Invalid input'}`,
  );
}

/** Whatever was thrown, as the AppError the client will see. */
export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(error.validation, error.validationContext);
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return new AppError('BAD_REQUEST', known);
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const [code, message] = BY_STATUS[status] ?? ['BAD_REQUEST', 'Bad request'];
    return new AppError(code, message);
  }
  return new AppError('INTERNAL', GENERIC_MESSAGES.internal);
}

/** The single error handler: `{ error: { code, message, fields? } }`, stack traces only in logs. */
export function errorHandler(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: appError.code, reason: error.message }, 'request rejected');
  }
  if (appError.headers) reply.headers(appError.headers);
  return reply.status(appError.status).send(appError.toBody());
}
