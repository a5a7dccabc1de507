/**
 * What `npm run test:cluster` sends through the balancer while it runs: a steady stream of a
 * signed-in fan's page reads (every request's start, end and answer kept), and one fan's live
 * notification stream (SSE), reconnecting a second after it ends as a browser's EventSource does.
 */

export type RequestRecord = { start: number; end: number; status: number | 'error'; path: string };

/**
 * Reads `paths` in turn through `base`, two at a time with a 20 ms pause after each (about 50
 * requests a second): steady enough that a failed request after a fault shows, light enough to
 * leave the two cores to the delivery being measured.
 */
export function startReads(base: string, origin: string, cookie: string, paths: string[]) {
  const records: RequestRecord[] = [];
  let running = true;
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const path = paths[i % paths.length] as string;
      const start = Date.now();
      let status: RequestRecord['status'];
      try {
        const response = await fetch(new URL(path, base), {
          headers: { cookie, origin },
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 'error';
      }
      records.push({ start, end: Date.now(), status, path });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const loops = Array.from({ length: 2 }, (_, i) => loop(i));
  return {
    records,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

export const failed = (r: RequestRecord) =>
  r.status === 'error' || (typeof r.status === 'number' && r.status >= 400);

export type StreamConnection = { opened: number; server: string; closed?: number };

/** The fan's live stream: every connection (which API process served it) and every event. */
export function followStream(base: string, cookie: string) {
  const connections: StreamConnection[] = [];
  const notifications: Array<{ at: number; data: string }> = [];
  const abort = new AbortController();
  const run = async () => {
    while (!abort.signal.aborted) {
      let connection: StreamConnection | undefined;
      try {
        const response = await fetch(new URL('/api/notifications/stream', base), {
          headers: { cookie, accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        connection = { opened: Date.now(), server: response.headers.get('x-encore-server') ?? '?' };
        connections.push(connection);
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of response.body) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (!message.startsWith('event: notification')) continue;
            const data = message.split('\n').find((line) => line.startsWith('data: '));
            notifications.push({ at: Date.now(), data: data?.slice(6) ?? '' });
          }
        }
      } catch {
        // Cut (the process serving it died) or refused: try again, as EventSource does.
      }
      if (connection) connection.closed = Date.now();
      if (!abort.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const running = run();
  return {
    connections,
    notifications,
    stop: async () => {
      abort.abort();
      await running;
    },
  };
}
