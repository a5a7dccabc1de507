import type { Dispatcher } from 'undici';

/** A push service's answer: its status, Retry-After, and the start of a refusal's body. */
export type PushAnswer = { status: number; retryAfter: string | undefined; text: string };

/** Bytes of a refusal's body kept: its first 300 characters (at most 4 bytes each) and more. */
const KEPT_BODY_BYTES = 300 * 4;

/** The headers every push carries the same (RFC 8030 §5, RFC 8188), as undici's flat array. */
export function constantPushHeaders(ttlSeconds: number): readonly string[] {
  return [
    'ttl',
    String(ttlSeconds),
    'urgency',
    'normal',
    'content-type',
    'application/octet-stream',
    'content-encoding',
    'aes128gcm',
  ];
}

/**
 * One POST of an encrypted push message through the keep-alive pool, with a bare handler:
 * undici's `request()` wraps every answer in a body stream (and the headers in an object), which
 * a push service's empty 201 does not need: ~5–10 µs of CPU a push on the bench machine, at
 * thousands of pushes a second. The body of a non-2xx answer is kept (its start) for the error;
 * a 2xx's is read and dropped. Rejects when there is no answer (refused, reset, timed out).
 */
export function postPush(
  dispatcher: Dispatcher,
  request: { origin: string; path: string; headers: string[]; body: Buffer; timeoutMs: number },
): Promise<PushAnswer> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let retryAfter: string | undefined;
    let kept: Buffer[] | undefined;
    let keptBytes = 0;
    dispatcher.dispatch(
      {
        origin: request.origin,
        path: request.path,
        method: 'POST',
        headers: request.headers,
        body: request.body,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
      },
      {
        // Its presence marks the handler as undici 7's kind (the others are deprecated).
        onRequestStart() {},
        onResponseStart(_controller, statusCode, headers) {
          status = statusCode;
          if (statusCode < 200 || statusCode >= 300) {
            kept = [];
            const value = headers['retry-after'];
            retryAfter = Array.isArray(value) ? value[0] : value;
          }
        },
        onResponseData(_controller, chunk) {
          if (kept && keptBytes < KEPT_BODY_BYTES) {
            kept.push(chunk);
            keptBytes += chunk.length;
          }
        },
        onResponseEnd() {
          resolve({ status, retryAfter, text: kept ? Buffer.concat(kept).toString('utf8') : '' });
        },
        onResponseError(_controller, error) {
          reject(error);
        },
      },
    );
  });
}
