import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSms = {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
  /** The Idempotency-Key header, when the sender gave one. */
  idempotencyKey: string | undefined;
  /** When the provider answered it (Date.now()). */
  at: number;
  /** The status answered, and its Retry-After header if any. */
  status: number;
  retryAfter: string | undefined;
};

/** A message the provider accepted: created once per idempotency key. */
export type CreatedSms = { sid: string; to: string; body: string; key: string | undefined };

type Webhook = { url: string; publicUrl: string; authToken: string };

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'CANCEL', 'OPTOUT']);

/**
 * A local stand-in for Twilio's Messages API. It records each request and answers 201, or what
 * `respondWith` sets, to play a failing provider. Like a provider that honours Idempotency-Key,
 * a request repeating a key that already created a message creates none and answers it again.
 * Like Twilio, once a number has texted STOP (`inbound`) every send to it is refused with
 * 400 / error 21610 — and the STOP is forwarded to Encore's webhook, signed, as Twilio does.
 */
export async function startSmsServer() {
  const received: ReceivedSms[] = [];
  const messages: CreatedSms[] = [];
  const byKey = new Map<string, CreatedSms>();
  /** Numbers that texted STOP, with when the provider took it. */
  const stopped = new Map<string, number>();
  const state: { status: number; headers: Record<string, string> } = { status: 201, headers: {} };
  let webhook: Webhook | undefined;
  /** While held, requests wait here unanswered (a provider stalling), to whom and how to answer. */
  let holding: Array<{ to: string; reply: () => void }> | undefined;

  function answer(
    form: Record<string, string>,
    key: string | undefined,
  ): { status: number; headers: Record<string, string>; body: unknown } {
    if (state.status >= 300) {
      const code = state.status === 429 ? 20429 : state.status >= 500 ? 20500 : 21211;
      const body = { code, message: 'Test provider says no' };
      return { status: state.status, headers: state.headers, body };
    }
    const to = form.To ?? '';
    if (stopped.has(to)) {
      const body = { code: 21610, message: 'Attempt to send to unsubscribed recipient' };
      return { status: 400, headers: {}, body };
    }
    const existing = key === undefined ? undefined : byKey.get(key);
    if (existing)
      return { status: 201, headers: {}, body: { sid: existing.sid, status: 'queued' } };
    const created = { sid: `SM${messages.length + 1}`, to, body: form.Body ?? '', key };
    messages.push(created);
    if (key !== undefined) byKey.set(key, created);
    return { status: 201, headers: {}, body: { sid: created.sid, status: 'queued' } };
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      const header = request.headers['idempotency-key'];
      const key = Array.isArray(header) ? header[0] : header;
      const reply = () => {
        const { status, headers, body } = answer(form, key);
        received.push({
          path: `${request.method} ${request.url}`,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          form,
          idempotencyKey: key,
          at: Date.now(),
          status,
          retryAfter: headers['retry-after'],
        });
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      if (holding) holding.push({ to: form.To ?? '', reply });
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    messages,
    stopped,
    respondWith: (status: number, headers: Record<string, string> = {}) => {
      state.status = status;
      state.headers = headers;
    },
    /** Stops answering: requests wait until `release`, which decides them as they are then. */
    hold: () => {
      holding ??= [];
    },
    /** The numbers of the requests waiting for an answer. */
    waiting: () => (holding ?? []).map((h) => h.to),
    release: () => {
      const waiting = holding ?? [];
      holding = undefined;
      for (const h of waiting) h.reply();
    },
    /** Where texts from fans go: Encore's /api/sms/inbound, signed over `publicUrl`'s URL. */
    connectWebhook: (target: Webhook) => {
      webhook = target;
    },
    /**
     * A fan texts `body` from `from`: a STOP word opts the number out here at once, then the
     * provider calls the webhook and resolves with its answer.
     */
    async inbound(from: string, body: string): Promise<Response> {
      if (!webhook) throw new Error('connectWebhook first');
      if (STOP_WORDS.has(body.trim().toUpperCase())) stopped.set(from, Date.now());
      const params = {
        AccountSid: 'ACtest',
        MessageSid: `SMin${Date.now()}`,
        From: from,
        Body: body,
      };
      const path = '/api/sms/inbound';
      return fetch(`${webhook.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': sign(webhook.authToken, `${webhook.publicUrl}${path}`, params),
        },
        body: new URLSearchParams(params),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SmsServer = Awaited<ReturnType<typeof startSmsServer>>;

/** Twilio's X-Twilio-Signature, written out here rather than borrowed from the server. */
function sign(token: string, url: string, params: Record<string, string>): string {
  let data = url;
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac('sha1', token).update(data).digest('base64');
}
