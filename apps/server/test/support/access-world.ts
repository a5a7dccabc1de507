import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { TRole, TShow } from '@encore/contract';
import { eq } from 'drizzle-orm';
import { unsubscribeToken } from '../../src/alerts/channels/unsubscribe-token.ts';
import { bookingRequests, showActs, shows } from '../../src/db/schema/index.ts';
import type { OwnedTarget } from '../../src/http/access-rules.ts';
import { CONFIRM, requested } from './booking.ts';
import { createUser } from './factories.ts';
import { announceAs, announceConfirmed, laterStart, member, startShow } from './shows.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test-app.ts';

export const ROLES: readonly TRole[] = ['fan', 'performer', 'venue'];
export const SMS_AUTH_TOKEN = 'access-matrix-sms-token';

export type Account = { id: string; cookie: string; role: TRole };
/** Two accounts per role: A owns the targets, B is the same kind of account that does not. */
export type World = {
  t: TestApp;
  baseUrl: string;
  a: Record<TRole, Account>;
  b: Record<TRole, Account>;
};

/** The app listening on a free port (the notification stream needs real HTTP) and six accounts. */
export async function createWorld(): Promise<World> {
  const t = await createTestApp({
    sms: { apiUrl: undefined, accountSid: 'ACx', authToken: SMS_AUTH_TOKEN, from: '+15550002222' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const account = async (role: TRole): Promise<Account> => ({ ...(await member(t, role)), role });
  const pair = async () => ({
    fan: await account('fan'),
    performer: await account('performer'),
    venue: await account('venue'),
  });
  return { t, baseUrl: `http://127.0.0.1:${port}`, a: await pair(), b: await pair() };
}

/** A signed-in account nobody else uses, for routes that end the caller's session or account. */
export async function throwaway(w: World, role: TRole): Promise<Account> {
  const { user, cookie } = await createUser(w.t.app, { role });
  return { id: user.id, cookie, role };
}

export type Call = {
  method: string;
  path: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as is (a form), not as JSON. */
  raw?: string;
};
export type Answer = {
  status: number;
  code: string | undefined;
  message: string | undefined;
  cacheControl: string | null;
};

/**
 * One request over HTTP. Event streams never end, so only their status is read. Bodies are JSON
 * unless `raw` is given; no Origin header, as from a non-browser client or the site itself.
 */
export async function call(w: World, c: Call): Promise<Answer> {
  const controller = new AbortController();
  const headers: Record<string, string> = { ...c.headers };
  if (c.cookie) headers.cookie = c.cookie;
  let body: string | undefined = c.raw;
  if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(c.body);
  }
  const response = await fetch(`${w.baseUrl}${c.path}`, {
    method: c.method,
    headers,
    body,
    redirect: 'manual',
    signal: controller.signal,
  });
  const cacheControl = response.headers.get('cache-control');
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    controller.abort();
    return { status: response.status, code: undefined, message: undefined, cacheControl };
  }
  const text = await response.text();
  const error = parseError(text);
  return { status: response.status, code: error?.code, message: error?.message, cacheControl };
}

function parseError(text: string): { code?: string; message?: string } | undefined {
  try {
    return (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
  } catch {
    return undefined;
  }
}

const EXTERNAL_VENUE = {
  name: 'The Off-Grid Barn',
  streetAddress: '12 Field Road',
  city: 'Austin',
  state: 'TX' as const,
  zipCode: '78701',
};

/** Pending shows made so far ('show-awaiting'), so each gets its own start. */
let awaitingMade = 0;

const showState = async (w: World, id: string) =>
  (await w.t.database.orm.select().from(shows).where(eq(shows.id, id)))[0];

/**
 * A fresh target of each kind, owned by the A accounts (by the A account of role `caller`, when
 * only one party owns it), and how to read its state.
 */
export const TARGETS: Record<
  OwnedTarget,
  {
    make: (w: World, caller?: TRole) => Promise<string>;
    state: (w: World, id: string) => Promise<unknown>;
  }
> = {
  show: {
    // Performer A at venue A, confirmed by the venue, already started, so that results can be
    // entered too.
    async make(w) {
      const show: TShow = await announceConfirmed(w.t, w.a.performer, w.a.venue);
      await startShow(w.t, show.id);
      return show.id;
    },
    state: showState,
  },
  'show-results': {
    // Started, so that results can be entered: at venue A (the venue enters them), or, for
    // performer A, at a venue not on Encore (the performer enters them).
    async make(w, caller = 'venue') {
      if (caller === 'venue') return TARGETS.show.make(w);
      const show = await announceAs(w.t, w.a.performer.cookie, {
        performerId: w.a.performer.id,
        externalVenue: EXTERNAL_VENUE,
      });
      await startShow(w.t, show.id);
      return show.id;
    },
    state: showState,
  },
  'show-awaiting': {
    // The other A account announces it, naming the caller (performer A unless `caller` is the
    // venue): pending for the caller's word.
    async make(w, caller = 'performer') {
      // Each on a day of its own: the same pending show again would be refused as a duplicate.
      awaitingMade += 1;
      const parties = {
        performerId: w.a.performer.id,
        venueId: w.a.venue.id,
        startsAtLocal: laterStart(awaitingMade),
      };
      const announcer = caller === 'venue' ? w.a.performer : w.a.venue;
      return (await announceAs(w.t, announcer.cookie, parties)).id;
    },
    state: showState,
  },
  'show-act': {
    // Venue A books performer B with performer A as a support act: A's slot waits for its word.
    async make(w) {
      awaitingMade += 1;
      const show = await announceAs(w.t, w.a.venue.cookie, {
        performerId: w.b.performer.id,
        venueId: w.a.venue.id,
        startsAtLocal: laterStart(awaitingMade),
        supportingActs: [{ performerId: w.a.performer.id }],
      });
      return show.id;
    },
    state: async (w, id) => ({
      show: await showState(w, id),
      acts: await w.t.database.orm.select().from(showActs).where(eq(showActs.showId, id)),
    }),
  },
  'booking-request': {
    // Performer A asks venue A for a night of its own (pending: the venue may answer it, the
    // performer withdraw it).
    async make(w) {
      return (await requested(w.t, w.a.performer, w.a.venue.id)).id;
    },
    state: async (w, id) =>
      (await w.t.database.orm.select().from(bookingRequests).where(eq(bookingRequests.id, id)))[0],
  },
};

/** Valid bodies for owner routes, so a wrong owner is refused by the owner check, not by a 400. */
export const OWNER_BODIES: Record<string, unknown> = {
  'PATCH /api/shows/:id': { ticketUrl: 'https://tickets.example.com/changed' },
  'POST /api/shows/:id/postpone': { startsAtLocal: null },
  'PUT /api/shows/:id/results': { attendance: 120, grossRevenue: 2400 },
  'POST /api/booking-requests/:id/decline': { note: 'Booked solid that month' },
  'POST /api/booking-requests/:id/confirm': CONFIRM,
};

/** Path parameters of the public and role routes: what a caller would name. */
export function fillPath(w: World, url: string, target?: string): string {
  return url
    .replace('/api/shows/:id', `/api/shows/${target ?? 'none'}`)
    .replace('/go/ticket/:id', `/go/ticket/${target ?? 'none'}`)
    .replace('/api/artists/:id', `/api/artists/${w.a.performer.id}`)
    .replace('/api/venues/:id', `/api/venues/${w.a.venue.id}`)
    .replace(/^\/shows\/:id$/, `/shows/${target ?? 'none'}`)
    .replace(/^\/artists\/:id$/, `/artists/${w.a.performer.id}`)
    .replace(/^\/venues\/:id$/, `/venues/${w.a.venue.id}`)
    .replace('/uploads/:key', '/uploads/none.jpg')
    .replace('/api/docs/static/*', '/api/docs/static/index.html')
    .replace(':token', 'forged-token');
}

/**
 * Token-authenticated routes: a request carrying a forged proof, the statuses that refuse it,
 * and one carrying a genuine proof (none where the proof only exists in a mail).
 */
export const TOKEN_PROOFS: Record<
  string,
  {
    forged: (w: World) => Call;
    refused: (a: Answer) => boolean;
    genuine?: (w: World) => Promise<Call>;
  }
> = {
  'GET /api/account/email/verify': {
    forged: () => ({ method: 'GET', path: '/api/account/email/verify?token=forged' }),
    refused: (a) => a.status === 302,
  },
  // A genuine token would move the shared world's fan to another address: email-change.test.ts.
  'POST /api/account/email/change/confirm': {
    forged: () => ({
      method: 'POST',
      path: '/api/account/email/change/confirm',
      body: { token: 'forged' },
    }),
    refused: (a) => a.status === 400,
  },
  'GET /api/calendar/:token.ics': {
    forged: () => ({ method: 'GET', path: '/api/calendar/forged.ics' }),
    refused: (a) => a.status === 404,
    async genuine(w) {
      const made = await call(w, {
        method: 'POST',
        path: '/api/fan/calendar-feed',
        cookie: w.a.fan.cookie,
      });
      if (made.status !== 200) throw new Error(`calendar link: ${made.status}`);
      const { rows } = await w.t.database.pool.query(
        'select token from calendar_feeds where fan_id = $1',
        [w.a.fan.id],
      );
      return { method: 'GET', path: `/api/calendar/${rows[0].token}.ics` };
    },
  },
  'POST /api/unsubscribe/:token': {
    forged: (w) => ({
      method: 'POST',
      path: `/api/unsubscribe/${unsubscribeToken('another-secret-another-secret-0123', w.a.fan.id)}`,
    }),
    refused: (a) => a.status === 400,
    genuine: async (w) => ({
      method: 'POST',
      path: `/api/unsubscribe/${unsubscribeToken(w.t.config.authSecret, w.a.fan.id)}`,
    }),
  },
  'POST /api/sms/inbound': {
    forged: () => smsInbound('another-token'),
    refused: (a) => a.status === 403,
    genuine: async () => smsInbound(SMS_AUTH_TOKEN),
  },
};

/** A STOP text from an unknown number, signed with `key` as the provider signs its webhooks. */
function smsInbound(key: string): Call {
  const params: Record<string, string> = {
    AccountSid: 'ACx',
    MessageSid: 'SM1',
    From: '+12125550199',
    To: '+15550002222',
    Body: 'STOP',
  };
  let signed = `${TEST_ORIGIN}/api/sms/inbound`;
  for (const name of Object.keys(params).sort()) signed += name + params[name];
  return {
    method: 'POST',
    path: '/api/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': createHmac('sha1', key).update(signed).digest('base64'),
    },
    raw: new URLSearchParams(params).toString(),
  };
}
