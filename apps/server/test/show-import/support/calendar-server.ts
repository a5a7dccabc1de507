import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A local HTTP server standing in for a calendar host: each path answers as its handler says (a
 * calendar, an error, a body too big, no answer at all). Closes every connection on close, so a
 * handler that never answers does not hold the test up.
 */
export async function startCalendarServer(routes: Record<string, Handler>) {
  const server = createServer((request, response) => {
    const handler = routes[request.url ?? ''];
    if (handler) handler(request, response);
    else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
