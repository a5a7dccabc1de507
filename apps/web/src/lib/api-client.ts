import {
  DApiError,
  GENERIC_MESSAGES,
  SIGN_UP_MESSAGES,
  type StandardSchemaV1,
  type TErrorCode,
} from '@encore/contract';
import { GET_HEADERS, requestUrl, takeEarly } from './early-requests';

/** How a request failed: the server answered with an error, took too long, or was unreachable. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'invalid-response';

/**
 * The one error type every API call throws. `message` is always fit to show a user: the server's
 * message for HTTP errors, the spec's wording for timeouts and network failures.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: TErrorCode | null;
  readonly fields: Readonly<Record<string, string>>;
  /** The API's `detail`, when the refusal carries one (see ZApiError). */
  readonly detail: Readonly<Record<string, unknown>>;
  /** Which request failed ('POST /api/shows', set by apiRequest), so its later success can be told. */
  request: string | null = null;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number;
    code?: TErrorCode;
    fields?: Record<string, string>;
    detail?: Record<string, unknown>;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.fields = init.fields ?? {};
    this.detail = init.detail ?? {};
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, string>;
  timeoutMs?: number;
  /** Cancels the request (TanStack Query passes one); a cancel is not reported as a timeout. */
  signal?: AbortSignal;
  /** Extra request headers (POST /api/shows' Idempotency-Key). */
  headers?: Record<string, string>;
}

/**
 * Sends a JSON request to our own API and parses the answer with `schema`: a zod schema, or one of
 * the contract's zod-free decoders (answer-decoders.ts), which the first pages use so that this
 * module — in every page's entry — brings no zod with it (decision 023).
 */
export function apiRequest<S extends StandardSchemaV1>(
  path: string,
  options: ApiRequestOptions & { schema: S },
): Promise<StandardSchemaV1.InferOutput<S>>;
export function apiRequest(path: string, options?: ApiRequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  options: ApiRequestOptions & { schema?: StandardSchemaV1 } = {},
): Promise<unknown> {
  const request = requestKey(options.method ?? 'GET', path);
  try {
    const result = await send(path, options);
    for (const listener of successListeners) listener(request);
    return result;
  } catch (error) {
    if (error instanceof ApiError) error.request = request;
    throw error;
  }
}

/** 'PUT /api/shows/42': one action on one resource; the query string does not make it another. */
export function requestKey(method: Method, path: string): string {
  return `${method} ${path}`;
}

const successListeners = new Set<(request: string) => void>();

/**
 * Calls `listener` with the request's key each time a request succeeds: how an error reported
 * for an earlier failure of the same request is taken back (report-request-error.ts).
 */
export function onRequestSucceeded(listener: (request: string) => void): () => void {
  successListeners.add(listener);
  return () => successListeners.delete(listener);
}

async function send(
  path: string,
  options: ApiRequestOptions & { schema?: StandardSchemaV1 },
): Promise<unknown> {
  const { method = 'GET', body, query, timeoutMs = DEFAULT_TIMEOUT_MS, signal, schema } = options;
  const extra = options.headers ?? {};
  const url = requestUrl(path, query);
  // The page's route may have started this very GET while the page's code downloaded.
  const early = method === 'GET' && !options.headers ? takeEarly(url) : undefined;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  try {
    const sent =
      early ??
      fetch(url, {
        method,
        credentials: 'same-origin',
        // The server's CSRF check accepts only JSON writes, so every write sends a JSON body.
        headers:
          method === 'GET'
            ? { ...extra, ...GET_HEADERS }
            : { ...extra, ...GET_HEADERS, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
        signal: controller.signal,
      });
    // An early request was sent without our signal: the timeout and a cancel end the wait here.
    response = await untilAborted(sent, controller.signal);
  } catch (error) {
    if (timedOut)
      throw new ApiError({ kind: 'timeout', message: SIGN_UP_MESSAGES.timeoutDisplayed });
    if (signal?.aborted) throw error;
    throw new ApiError({ kind: 'network', message: SIGN_UP_MESSAGES.network });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (!response.ok) throw await toHttpError(response);
  if (!schema) return undefined;

  const parsed = await schema['~standard'].validate(await response.json().catch(() => undefined));
  if (parsed.issues) {
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      message: GENERIC_MESSAGES.internal,
    });
  }
  return parsed.value;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Our API's error body as an ApiError (shared with upload-file.ts). */
export async function toHttpError(response: Response): Promise<ApiError> {
  const parsed = await DApiError['~standard'].validate(
    await response.json().catch(() => undefined),
  );
  if (parsed.issues) {
    // Not our API's shape (a proxy's error page, say): keep the status, use a generic message.
    return new ApiError({
      kind: 'http',
      status: response.status,
      message: GENERIC_MESSAGES.internal,
    });
  }
  const { code, message, fields, detail } = parsed.value.error;
  return new ApiError({ kind: 'http', status: response.status, code, message, fields, detail });
}
