import type { onSendHookHandler } from 'fastify';
import type { PublicCache } from './public-cache.ts';

/** Methods that change nothing: their answers need not wait for anything. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write is answered only once this process has handled the change notices of what it committed
 * (decision 026): the public pages are dropped by those notices, which arrive a moment after the
 * commit, so the writer's next read could be served the cached page from before its own write (a
 * postponed show read back as "announced" on a loaded host). The wait is one round trip on the
 * LISTEN connection, shared by concurrent writes (`PgListener.sync`); a refused write (4xx/5xx)
 * changed nothing, and while the cache keeps nothing there is nothing to wait for.
 */
export function ownWritesSeen(cache: PublicCache): onSendHookHandler {
  // A callback, not an async function: run on every answer, a promise apiece is measurable.
  return (request, reply, payload, done) => {
    if (READS.has(request.method) || reply.statusCode >= 400 || !cache.cache.keeps()) {
      done(null, payload);
      return;
    }
    cache.noticesHandled().then(
      () => done(null, payload),
      () => done(null, payload),
    );
  };
}
