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
  // The router's own refusals, passed here by Fastify's `frameworkErrors` option (app.ts).
  FST_ERR_BAD_URL: 'The URL is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The URL is too long',
};

/** A value a schema let through and Postgres refused (below): the endpoint fuzz fails on it. */
export const UNSTORABLE_VALUE = 'The request contains a value that cannot be stored';

/**
 * The SQLSTATE of a Postgres "data exception" (class 22: NUL in text, 22021; a malformed uuid,
 * 22P02; a date or number out of range, 22008/22003) anywhere in the error's cause chain (drizzle
 * wraps pg's error in its own). The schemas should refuse such values first; one that slips
 * through is still the client's bad input, never a server fault.
 */
export function postgresDataException(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && severity !== undefined) {
      return code;
    }
    current = current.cause;
  }
  return undefined;
}

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
  if (postgresDataException(error)) return new AppError('BAD_REQUEST', UNSTORABLE_VALUE);
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) {
    return new AppError(fastifyError.statusCode === 414 ? 'URL_TOO_LONG' : 'BAD_REQUEST', known);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const [code, message] = BY_STATUS[status] ?? ['BAD_REQUEST', 'Bad request'];
    return new AppError(code, message);
  }
  return new AppError('INTERNAL', GENERIC_MESSAGES.internal);
}

/**
 * The single error handler: `{ error: { code, message, fields? } }`, stack traces only in logs.
 * An AppError is a refusal the code chose (bad input, no access, Spotify not configured): `info`,
 * whatever its status. Only what nobody expected is an `error`; a data exception is a `warn`, since
 * it means a schema let a bad value through to Postgres (its SQLSTATE only: no values in logs).
 */
export function errorHandler(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const appError = toAppError(error);
  const sqlState = postgresDataException(error);
  if (sqlState) {
    request.log.warn({ sqlState }, 'request refused by the database: a schema missed a bad value');
  } else if (appError.status >= 500 && !(error instanceof AppError)) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info(
      { code: appError.code, reason: error.message.slice(0, 200) },
      'request rejected',
    );
  }
  if (appError.headers) reply.headers(appError.headers);
  return reply.status(appError.status).send(appError.toBody());
}
