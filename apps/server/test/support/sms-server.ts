import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSms = {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
};

/**
 * A local stand-in for Twilio's Messages API that records each request and answers 201 (or
 * what `respondWith` sets, to play a failing provider).
 */
export async function startSmsServer() {
  const received: ReceivedSms[] = [];
  const state = { status: 201 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      received.push({
        path: `${request.method} ${request.url}`,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        form,
      });
      response.writeHead(state.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith: (status: number) => {
      state.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
