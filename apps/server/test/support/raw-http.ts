import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { request } from 'node:http';
import type { FastifyRequest } from 'fastify';

export type RawAnswer = { status: number; code: string | undefined };

/**
 * A request sent with its path exactly as given (`/%61pi/...`, `//api//x`, `/api/x/../y`): fetch
 * and `inject` both normalise URLs, a hand-written request (or a proxy) need not.
 */
export function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  // Node frames a DELETE body only when told its length (it does not chunk DELETE by default).
  const headers = { ...options.headers };
  if (options.body !== undefined) headers['content-length'] = `${Buffer.byteLength(options.body)}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, method: options.method, path: options.path, headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, code: codeOf(text) }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function codeOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

const HANDLER_START = 'tracing:fastify.request.handler:start';
export const CASE_HEADER = 'x-test-case';

/**
 * Which requests reached a route handler, told by Fastify's own diagnostics channel (published
 * right before a handler runs, after every hook, the body parser and validation). Requests are
 * told apart by the CASE_HEADER the test puts on them.
 */
export function handlerSpy() {
  const reached = new Set<string>();
  const listener = (message: unknown) => {
    const { request: req } = message as { request: FastifyRequest };
    const id = req.headers[CASE_HEADER];
    if (typeof id === 'string') reached.add(id);
  };
  subscribe(HANDLER_START, listener);
  return {
    reached: (id: string) => reached.has(id),
    stop: () => unsubscribe(HANDLER_START, listener),
  };
}

export type TracedAnswer = {
  status: number;
  /** Every header but Date, which differs between two answers a second apart. */
  headers: Record<string, string>;
  body: Buffer;
  /** Whether a route handler ran for it (`handlerSpy`): false when answered before Fastify. */
  fastify: boolean;
};

/**
 * GETs (or `method`) to a listening app at `baseUrl()`, each as a client sends it, answered with
 * the raw headers and bytes and whether Fastify's handler saw the request (for the tests of the
 * answers written before Fastify, http/cached-hits.ts: `inject` never meets that server).
 */
export function tracedRequests(spy: ReturnType<typeof handlerSpy>, baseUrl: () => string) {
  let cases = 0;
  return (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const id = `traced-${++cases}`;
    return new Promise<TracedAnswer>((resolve, reject) => {
      const req = request(`${baseUrl()}${path}`, {
        method,
        headers: { ...headers, [CASE_HEADER]: id },
      });
      req.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const { date: _date, ...rest } = response.headers as Record<string, string>;
          resolve({
            status: response.statusCode ?? 0,
            headers: rest,
            body: Buffer.concat(chunks),
            fastify: spy.reached(id),
          });
        });
      });
      req.on('error', reject);
      req.end();
    });
  };
}
