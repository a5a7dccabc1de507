import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_SPOTIFY_USER, type FakeSpotifyUser } from './spotify-fake-data.ts';
import { authorizePage, escapeHtml } from './spotify-fake-page.ts';
import { webApiAnswer } from './spotify-fake-web-api.ts';

export type SpotifyLogEntry = {
  kind: 'authorize' | 'token' | 'api';
  /** The Spotify user concerned, when known. */
  user: string | undefined;
  /** 'authorization_code' or 'refresh_token' for the token endpoint; the path for the API. */
  what: string;
  status: number;
};

type UserState = {
  profile: FakeSpotifyUser;
  /** Lifetime of the access tokens granted from now on (Spotify's is an hour). */
  accessTokenSeconds: number;
  refuseRefresh: boolean;
  /** The next Web API calls answer this status instead (e.g. 503), once each. */
  failNext: number[];
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

/**
 * A local stand-in for the parts of Spotify that Encore uses: the accounts service (/authorize
 * with a login-and-consent page, /api/token for codes and refresh tokens, client credentials in
 * basic auth) and the Web API (/v1/me, top artists, saved tracks, followed artists). Tests start
 * it and point SPOTIFY_ACCOUNTS_URL and SPOTIFY_API_URL at it; `/__fake/*` lets a test in another
 * process (the browser journeys) script it: add a user, expire their access tokens, refuse their
 * refresh, fail their next calls, read the log.
 */
/** The scope each Web API call of ours needs, as Spotify's reference lists them. */
const SCOPE_NEEDED: Record<string, string> = {
  '/v1/me/top/artists': 'user-top-read',
  '/v1/me/tracks': 'user-library-read',
  '/v1/me/following': 'user-follow-read',
};

export async function startSpotifyServer(options: {
  clientId: string;
  clientSecret: string;
  port?: number;
  host?: string;
}) {
  const users = new Map<string, UserState>();
  const codes = new Map<string, { user: string; redirectUri: string; scope: string }>();
  const accessTokens = new Map<string, { user: string; expiresAt: number; scope: string }>();
  /** Refresh token → its user and the scope granted with it (a refresh keeps the scope). */
  const refreshTokens = new Map<string, { user: string; scope: string }>();
  const log: SpotifyLogEntry[] = [];

  function addUser(profile: FakeSpotifyUser) {
    users.set(profile.id, {
      profile,
      accessTokenSeconds: 3600,
      refuseRefresh: false,
      failNext: [],
    });
  }
  addUser(DEMO_SPOTIFY_USER);
  const state = (user: string) => {
    const found = users.get(user);
    if (!found) throw new Error(`no fake Spotify user ${user}`);
    return found;
  };

  function grant(user: string, scope: string, withRefresh: boolean) {
    const access = token('at-');
    const { accessTokenSeconds } = state(user);
    accessTokens.set(access, { user, expiresAt: Date.now() + accessTokenSeconds * 1000, scope });
    const body: Record<string, unknown> = {
      access_token: access,
      token_type: 'Bearer',
      scope,
      expires_in: accessTokenSeconds,
    };
    if (withRefresh) {
      const refresh = token('rt-');
      refreshTokens.set(refresh, { user, scope });
      body.refresh_token = refresh;
    }
    return body;
  }

  function tokenEndpoint(
    request: IncomingMessage,
    form: URLSearchParams,
    response: ServerResponse,
  ) {
    const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const grantType = form.get('grant_type') ?? '';
    const record = (user: string | undefined, status: number) =>
      log.push({ kind: 'token', user, what: grantType, status });
    if (request.headers.authorization !== `Basic ${expected}`) {
      record(undefined, 401);
      return json(response, 401, { error: 'invalid_client', error_description: 'Invalid client' });
    }
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri')) {
        record(code?.user, 400);
        const error_description = code ? 'Invalid redirect URI' : 'Invalid authorization code';
        return json(response, 400, { error: 'invalid_grant', error_description });
      }
      record(code.user, 200);
      return json(response, 200, grant(code.user, code.scope, true));
    }
    if (grantType === 'refresh_token') {
      const granted = refreshTokens.get(form.get('refresh_token') ?? '');
      const user = granted?.user;
      if (!granted || !user || state(user).refuseRefresh) {
        record(user, 400);
        return json(response, 400, {
          error: 'invalid_grant',
          error_description: 'Refresh token revoked',
        });
      }
      record(user, 200);
      // Like Spotify, a refresh usually keeps the refresh token: none comes back.
      return json(response, 200, grant(user, granted.scope, false));
    }
    record(undefined, 400);
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  function webApi(request: IncomingMessage, url: URL, response: ServerResponse) {
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const access = accessTokens.get(bearer);
    const user = access?.user;
    const record = (status: number) => log.push({ kind: 'api', user, what: url.pathname, status });
    if (!access || access.expiresAt <= Date.now()) {
      record(401);
      const message = access ? 'The access token expired' : 'Invalid access token';
      return json(response, 401, { error: { status: 401, message } });
    }
    const fan = state(access.user);
    const failure = fan.failNext.shift();
    if (failure) {
      record(failure);
      return json(response, failure, { error: { status: failure, message: 'Fake failure' } });
    }
    // Like Spotify: a call outside the granted scopes is 403 'Insufficient client scope'.
    const needed = SCOPE_NEEDED[url.pathname];
    if (needed && !access.scope.split(' ').includes(needed)) {
      record(403);
      return json(response, 403, { error: { status: 403, message: 'Insufficient client scope' } });
    }
    const answer = webApiAnswer(url, fan.profile);
    record(answer.status);
    return json(response, answer.status, answer.body);
  }

  /** The login-and-consent page's answer: back to the app with a code, or with an error. */
  function decide(form: URLSearchParams, response: ServerResponse) {
    const redirectUri = form.get('redirect_uri') ?? '';
    const back = new URL(redirectUri);
    const user = (form.get('user') ?? '').trim() || DEMO_SPOTIFY_USER.id;
    if (form.get('decision') !== 'agree') {
      back.searchParams.set('error', 'access_denied');
    } else if (!users.has(user)) {
      return html(response, 400, `<p>No Spotify user ${escapeHtml(user)} on this fake.</p>`);
    } else {
      const code = token('code-');
      codes.set(code, { user, redirectUri, scope: form.get('scope') ?? '' });
      back.searchParams.set('code', code);
    }
    const stateParam = form.get('state');
    if (stateParam !== null) back.searchParams.set('state', stateParam);
    log.push({ kind: 'authorize', user, what: form.get('decision') ?? 'cancel', status: 302 });
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  function control(request: IncomingMessage, url: URL, body: string, response: ServerResponse) {
    const [, , what, id, action] = url.pathname.split('/');
    if (what === 'log') {
      const user = url.searchParams.get('user');
      return json(response, 200, user ? log.filter((e) => e.user === user) : log);
    }
    if (what !== 'users' || !id) return json(response, 404, { error: 'unknown control' });
    if (request.method === 'PUT' && !action) {
      addUser({ ...(JSON.parse(body) as FakeSpotifyUser), id });
      return json(response, 200, { ok: true });
    }
    const data = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (action === 'expire-access-tokens') controls.expireAccessTokens(id);
    else if (action === 'refuse-refresh') controls.refuseRefresh(id, data.refuse !== false);
    else if (action === 'access-token-seconds')
      controls.accessTokenSeconds(id, Number(data.seconds));
    else if (action === 'fail-next') controls.failNext(id, Number(data.status));
    else return json(response, 404, { error: 'unknown control' });
    return json(response, 200, { ok: true });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const url = new URL(request.url ?? '/', 'http://fake.spotify');
      try {
        if (url.pathname.startsWith('/__fake/')) return control(request, url, body, response);
        if (request.method === 'GET' && url.pathname === '/authorize') {
          const problem = authorizeProblem(url.searchParams, options.clientId);
          if (problem) return html(response, 400, `<p>${escapeHtml(problem)}</p>`);
          return html(response, 200, authorizePage(url.searchParams));
        }
        if (request.method === 'POST' && url.pathname === '/authorize/decision') {
          return decide(new URLSearchParams(body), response);
        }
        if (request.method === 'POST' && url.pathname === '/api/token') {
          return tokenEndpoint(request, new URLSearchParams(body), response);
        }
        if (request.method === 'GET' && url.pathname.startsWith('/v1/')) {
          return webApi(request, url, response);
        }
        json(response, 404, { error: { status: 404, message: 'Not found' } });
      } catch (error) {
        json(response, 500, { error: { status: 500, message: String(error) } });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const controls = {
    addUser,
    /** Every access token the user holds stops working now (the server still thinks it fine). */
    expireAccessTokens: (user: string) => {
      for (const access of accessTokens.values()) if (access.user === user) access.expiresAt = 0;
    },
    refuseRefresh: (user: string, refuse = true) => {
      state(user).refuseRefresh = refuse;
    },
    accessTokenSeconds: (user: string, seconds: number) => {
      state(user).accessTokenSeconds = seconds;
    },
    failNext: (user: string, status: number) => {
      state(user).failNext.push(status);
    },
  };

  return {
    /** SPOTIFY_ACCOUNTS_URL */
    url,
    /** SPOTIFY_API_URL */
    apiUrl: `${url}/v1`,
    log,
    ...controls,
    /** Approves the consent page as `user` would, without a browser: the callback URL. */
    async approve(authorizeUrl: string, user: string, decision: 'agree' | 'cancel' = 'agree') {
      const query = new URL(authorizeUrl).searchParams;
      const form = new URLSearchParams({
        redirect_uri: query.get('redirect_uri') ?? '',
        state: query.get('state') ?? '',
        scope: query.get('scope') ?? '',
        user,
        decision,
      });
      const answer = await fetch(`${url}/authorize/decision`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      return new URL(answer.headers.get('location') ?? '');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SpotifyServer = Awaited<ReturnType<typeof startSpotifyServer>>;

/** What Spotify would refuse to show a consent page for. */
function authorizeProblem(query: URLSearchParams, clientId: string): string | null {
  if (query.get('client_id') !== clientId) return 'INVALID_CLIENT: Invalid client';
  if (query.get('response_type') !== 'code') return 'unsupported_response_type';
  if (!query.get('redirect_uri')) return 'INVALID_CLIENT: Invalid redirect URI';
  return null;
}

function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Spotify (local fake)</title></head><body>${body}</body></html>`);
}
