import { rmSync } from 'node:fs';
import type { TSpotifyConnectionStatus } from '@encore/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_VALUE } from '../../src/http/error-handler.ts';
import { budget } from '../support/budget.ts';
import { DbState } from '../support/fuzz/db-state.ts';
import { FuzzWorld, IDENTITIES, type Identity } from '../support/fuzz/fuzz-world.ts';
import { routesOfOpenApi } from '../support/fuzz/openapi-routes.ts';
import { type FuzzRequest, requestArbitrary } from '../support/fuzz/request-arbitrary.ts';
import { fuzzSettings, printStatuses, routeSeed, shown } from '../support/fuzz/settings.ts';
import { LASTFM_API_KEY } from '../support/lastfm.ts';
import { startLastfmServer } from '../support/lastfm-server.ts';
import { makeTempDir } from '../support/paths.ts';
import { send } from '../support/profile-inputs.ts';
import { uniqueIp } from '../support/requests.ts';
import {
  artist,
  CLIENT_ID,
  CLIENT_SECRET,
  connectSpotify,
  spotifyUser,
} from '../support/spotify.ts';
import { startSpotifyServer } from '../support/spotify-server.ts';
import { createTestApp, TEST_ORIGIN } from '../support/test-app.ts';

/**
 * Endpoint fuzz: every operation of the served OpenAPI document (routes added later included)
 * gets requests generated from its own schema, mostly with something hostile in them, as each
 * role and signed out. No answer may be a 5xx, and a refused request (4xx) may change nothing,
 * nor be refused by Postgres rather than by the route's schema (the error handler's safety net
 * turns a data exception into a 400 that would otherwise pass here), and a successful answer
 * carries no control character (a request string that skipped the text rule is saved and echoed):
 * second security probe, finding 4.
 * `npm run fuzz -- --runs N [--seed S]` runs it longer (settings.ts).
 */

/** Requests never sent, with why. Everything else in the document is fuzzed as every identity. */
const SKIPPED: Record<string, { identities: Identity[]; reason: string }> = {
  'GET /api/notifications/stream': {
    identities: ['fan', 'performer', 'venue'],
    reason:
      'a signed-in event stream stays open until the server closes, so app.inject would wait ' +
      'forever; it takes no input, and signed out (refused at once) it is fuzzed',
  },
};

const settings = fuzzSettings();
const spotify = await startSpotifyServer({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
// Last.fm configured too, so its preview is fuzzed past the configuration check (an unknown
// user is a 400, the fake knows none of the generated names).
const lastfm = await startLastfmServer({ apiKey: LASTFM_API_KEY });
const dataDir = makeTempDir('endpoint-fuzz');
const t = await createTestApp({
  dataDir,
  spotify: {
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accountsUrl: spotify.url,
    apiUrl: spotify.apiUrl,
  },
  lastfm: { apiKey: LASTFM_API_KEY, apiUrl: lastfm.apiUrl },
});
const routes = await routesOfOpenApi(t.app);
const state = new DbState(t.database.pool);
let world: FuzzWorld;

beforeAll(async () => {
  world = await FuzzWorld.create(t, async (cookie) => {
    const status = await send(t.app, 'GET', '/api/spotify/connection', cookie);
    if (status.json<TSpotifyConnectionStatus>().connection) return;
    await connectSpotify(
      t,
      spotify,
      cookie,
      spotifyUser(spotify, { topArtists: [artist('Fuzz')] }).id,
    );
  });
  await state.install();
}, budget(120_000));

/** The request the running route sent last (settled, whatever its outcome). */
let lastRequest: Promise<unknown> = Promise.resolve();

/** Answers per route and status: `npm run fuzz` prints them, to show how deep the requests got. */
const statuses = new Map<string, Map<number, number>>();

afterAll(async () => {
  if (settings.printStatuses) printStatuses(statuses);
  await t.close();
  await spotify.close();
  await lastfm.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`endpoint fuzz (seed ${settings.seed}, ${settings.runs} runs per route)`, () => {
  it('covers every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const key of Object.keys(SKIPPED)) expect(routes.map((r) => r.key)).toContain(key);
  });

  it('notices a change to any table (the state check itself works)', async () => {
    await state.refresh();
    await t.database.pool.query(
      `update "user" set updated_at = updated_at + interval '1 second'
        where id = (select min(id) from "user")`,
    );
    expect(await state.changedTables()).toEqual(['public."user"']);
    expect(await state.changedTables()).toEqual([]);
  });

  it.for(routes.map((route) => [route.key, route] as const))(
    '%s',
    async ([, route], { signal }) => {
      // A route that ran out of time keeps no request going into the next route's table check:
      // its property sends nothing more once its test is aborted, and the next route first waits
      // for the request it was sending.
      await lastRequest;
      const identities = IDENTITIES.filter((i) => !SKIPPED[route.key]?.identities.includes(i));
      const requests = requestArbitrary(route, world.examples).filter((r) =>
        identities.includes(r.identity),
      );
      const seen = new Map<number, number>();
      statuses.set(route.key, seen);
      const property = fc.asyncProperty(requests, async (request) => {
        if (signal.aborted) throw new Error('stopped: this route ran out of time');
        const sending = check(request);
        lastRequest = sending.catch(() => undefined);
        const status = await sending;
        seen.set(status, (seen.get(status) ?? 0) + 1);
      });
      await fc.assert(property, {
        seed: routeSeed(settings.seed, route.key),
        numRuns: settings.runs,
        endOnFailure: true,
      });
    },
  );
});

async function check(request: FuzzRequest): Promise<number> {
  await state.refresh();
  const response = await answerOrTimeout(
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      remoteAddress: uniqueIp(),
      headers: {
        origin: TEST_ORIGIN,
        ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(world.cookie(request.identity) ? { cookie: world.cookie(request.identity) } : {}),
      },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    }),
    request,
  );
  const status = response.statusCode;
  const what = `${request.identity} ${request.method} ${shown(request.url)} ${shown(request.payload ?? '')} -> ${status} ${shown(response.body)}`;
  if (status >= 500) throw new Error(`server error: ${what}`);
  if (status >= 400) {
    const changed = await state.changedTables();
    if (changed.length > 0) throw new Error(`refused but changed ${changed.join(', ')}: ${what}`);
    const body = response.headers['content-type']?.toString().startsWith('application/json')
      ? response.json<{ error?: { code?: unknown; message?: unknown } }>()
      : undefined;
    if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string') {
      throw new Error(`refusal without { error: { code, message } }: ${what}`);
    }
    if (body.error.message === UNSTORABLE_VALUE) {
      throw new Error(`a schema let a bad value through to Postgres: ${what}`);
    }
  } else {
    const json = response.headers['content-type']?.toString().startsWith('application/json');
    const body: unknown = json && response.body !== '' ? response.json() : undefined;
    const control = controlCharacterIn(body);
    if (control !== undefined) {
      throw new Error(`a control character (${shown(control)}) in a successful answer: ${what}`);
    }
    if (request.method !== 'GET') {
      // Logout, account deletion or a password change may have ended the member's session.
      await world.ensure(request.identity);
      world.learnIds(body);
    }
  }
  return status;
}

/** Tab, line feed and carriage return may be in multi-line text; no other control anywhere. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The first string (value or key) in a JSON value holding a control character, if any. */
function controlCharacterIn(value: unknown): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? value : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = CONTROL.test(key) ? key : controlCharacterIn(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A response that never ends (an event stream) fails with advice, not a bare test timeout. */
async function answerOrTimeout<T>(answer: Promise<T>, request: FuzzRequest): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const what = `${request.identity} ${request.method} ${shown(request.url)}`;
      reject(new Error(`no answer within 10 s (an event stream? list it in SKIPPED): ${what}`));
    }, budget(10_000));
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
