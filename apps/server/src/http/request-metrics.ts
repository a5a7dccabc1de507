import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.ts';

/**
 * Counts and times every request Fastify answers, labelled by its route's pattern (never the raw
 * URL: ids and search text would make a series per request and could carry personal data).
 * Added only when metrics are on (METRICS_PORT), so a server without them pays nothing.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    metrics.httpRequests.inc({ method, route, status });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimited.inc({ method, route });
    done();
  });
}
