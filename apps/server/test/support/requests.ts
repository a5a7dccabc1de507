import type { FastifyInstance } from 'fastify';

let lastOctet = 0;

/**
 * A client address of its own, so tests that send codes or mails do not share the per-IP rate
 * limits of those routes.
 */
export function uniqueIp(): string {
  lastOctet += 1;
  return `10.1.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
}

/** A signed-in JSON request (body optional) from a given client address. */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string; body?: unknown; ip?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip ?? uniqueIp(),
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
}
