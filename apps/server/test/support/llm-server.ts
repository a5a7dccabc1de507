import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: what the adapter sent, as parsed JSON. */
export type ReceivedLlmRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The request body (model, messages, temperature, response_format), or the raw text. */
  body: {
    model?: unknown;
    temperature?: unknown;
    response_format?: { type?: unknown };
    messages?: { role: string; content: string }[];
  };
  kind: LlmCallKind;
};

/** The constraints call asks for a JSON object; the email call for plain text. */
export type LlmCallKind = 'constraints' | 'email';

/**
 * How the fake answers a kind of call:
 * - `content`: 200 with an OpenAI-shaped chat completion whose first choice says this text;
 * - `status`: that HTTP status with an OpenAI-shaped error body (429, 500, ...);
 * - `raw`: 200 with this body as is (not a chat completion);
 * - `hold`: reads the request and never answers, keeping the socket open (a stalled model);
 * - `hold-body`: answers 200 and the start of a body, then nothing more (a model stalling mid-answer).
 */
export type LlmReply =
  | { content: string }
  | { status: number }
  | { raw: string }
  | 'hold'
  | 'hold-body';

/** A reply worked out from the request (e.g. an email written from the facts it carries). */
export type LlmReplyFrom = (request: ReceivedLlmRequest) => LlmReply;

/** The chat-completion body a real API answers with `content` as its first choice. */
export function chatCompletion(content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/**
 * A local stand-in for an OpenAI-compatible chat-completions API (POST /chat/completions), for
 * LLM_BASE_URL. It records every request and answers each kind of call as the test scripts it
 * (`reply`); unscripted calls get a 500, so a test never passes on a default it did not choose.
 */
export async function startLlmServer() {
  const received: ReceivedLlmRequest[] = [];
  const replies: Partial<Record<LlmCallKind, LlmReply | LlmReplyFrom>> = {};
  const held: ServerResponse[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      let body: ReceivedLlmRequest['body'] = {};
      try {
        body = JSON.parse(text) as ReceivedLlmRequest['body'];
      } catch {
        // recorded as an empty body: the test's assertions on it then fail
      }
      const kind: LlmCallKind =
        body.response_format?.type === 'json_object' ? 'constraints' : 'email';
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
        kind,
      });
      if (request.method !== 'POST' || request.url !== '/chat/completions') {
        return send(response, 404, {
          error: { message: 'Not found', type: 'invalid_request_error' },
        });
      }
      const scripted = replies[kind] ?? { status: 500 };
      const reply =
        typeof scripted === 'function' ? scripted(received.at(-1) as ReceivedLlmRequest) : scripted;
      if (reply === 'hold' || reply === 'hold-body') {
        if (reply === 'hold-body') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"choices":[{"message":');
        }
        held.push(response);
        return;
      }
      if ('content' in reply) return send(response, 200, chatCompletion(reply.content));
      if ('raw' in reply) {
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(reply.raw);
      }
      const type = reply.status === 429 ? 'rate_limit_exceeded' : 'server_error';
      send(response, reply.status, { error: { message: 'Fake failure', type } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** LLM_BASE_URL */
    url: `http://127.0.0.1:${port}`,
    received,
    /** How to answer calls of this kind from now on: always the same, or worked out per request. */
    reply(kind: LlmCallKind, answer: LlmReply | LlmReplyFrom) {
      replies[kind] = answer;
    },
    /** Answers the constraints call with this object as JSON. */
    replyConstraints(constraints: unknown) {
      replies.constraints = { content: JSON.stringify(constraints) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LlmServer = Awaited<ReturnType<typeof startLlmServer>>;

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
