import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** A registry's figures as JSON (what prom-client's AggregatorRegistry.aggregate sums). */
export type Figures = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/**
 * A process' registry as a scrape reads it, its child processes' figures (asked for over IPC at
 * the scrape) summed in: AggregatorRegistry sums counters and histograms across processes, and
 * each process' series keep their own `process` label.
 */
export function withChildFigures(
  registry: Registry,
  childFigures: (() => Promise<Figures[]>) | undefined,
): Pick<Registry, 'metrics' | 'contentType'> {
  if (!childFigures) return registry;
  return {
    contentType: registry.contentType,
    metrics: async () => {
      const all = [await registry.getMetricsAsJSON(), ...(await childFigures())];
      return AggregatorRegistry.aggregate(all).metrics();
    },
  };
}

/**
 * GET /metrics in Prometheus' text format, on a port of its own (METRICS_PORT), never on the
 * public one: the figures tell an outsider how busy Encore is and which routes it has. Anything
 * else is a 404; a failed scrape a 500 with one log line (no figures are half-written).
 */
export async function startMetricsServer(
  /** A registry, or anything that writes figures as one does (a worker's summed children). */
  registry: Pick<Registry, 'metrics' | 'contentType'>,
  { port, host }: { port: number; host: string },
  log: { error: (details: object, message: string) => void },
): Promise<{ server: Server; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('The metrics could not be read\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
