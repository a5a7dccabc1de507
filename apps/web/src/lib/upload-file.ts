import { GENERIC_MESSAGES, SIGN_UP_MESSAGES } from '@encore/contract';
import type { z } from 'zod';
import { ApiError, DEFAULT_TIMEOUT_MS, toHttpError } from './api-client';

const UPLOAD_TIMEOUT_MS = DEFAULT_TIMEOUT_MS * 2;

/**
 * POSTs raw bytes (a photo, say) to our API with their content type and parses the JSON answer.
 * apiRequest only speaks JSON; uploads send the file as the body, not base64 inside JSON.
 */
export async function uploadFile<S extends z.ZodType>(
  path: string,
  body: ArrayBuffer,
  contentType: string,
  schema: S,
): Promise<z.output<S>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': contentType },
      body,
      signal: controller.signal,
    });
  } catch {
    const timedOut = controller.signal.aborted;
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      message: timedOut ? SIGN_UP_MESSAGES.timeoutDisplayed : SIGN_UP_MESSAGES.network,
    });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw await toHttpError(response);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      message: GENERIC_MESSAGES.internal,
    });
  }
  return parsed.data;
}
