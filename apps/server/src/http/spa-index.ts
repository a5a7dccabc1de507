import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, etagMatches } from './public-cache.ts';

/**
 * The SPA's index.html, answered for every client-side route (/landing, /dashboard …): read once
 * at start with the `.br` and `.gz` the build wrote beside it (they change only with a build, and a
 * deploy restarts the server), so a page load costs no file system call, stat or stream. A strong
 * ETag per variant lets the browser revalidate with a 304. A variant the build did not write is
 * left to http/compression.ts (it compresses above 1 KB).
 */
export function loadSpaIndex(webDistDir: string) {
  const path = join(webDistDir, 'index.html');
  const identity = readFileSync(path);
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  const read = (suffix: string) =>
    existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined;
  const br = read('.br');
  const gzip = read('.gz');

  const offered = [...(br ? ['br' as const] : []), ...(gzip ? ['gzip' as const] : [])];
  const variants = { br, gzip, identity };

  return function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const encoding = acceptedEncoding(request.headers, offered);
    const bytes = variants[encoding] ?? identity;
    // A route that sends its not-found here (the ticket link) keeps its own cache-control.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    reply.header('etag', `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`);
    if (etagMatches(request.headers['if-none-match'], hash)) return reply.code(304).send();
    reply.type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bytes);
  };
}
