import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Last.fm artist as the fake lists it: `mbid` empty when Last.fm has none (as Last.fm does). */
export type FakeLastfmArtist = { name: string; mbid?: string };
export type FakeLastfmUser = {
  /** As Last.fm spells it; looked up in any case, as Last.fm does. */
  name: string;
  topArtists: FakeLastfmArtist[];
  /** Loved tracks, newest first: the track's name and its artist. */
  lovedTracks: Array<{ name: string; artist: FakeLastfmArtist }>;
};
export type LastfmLogEntry = { method: string; user: string; status: number };

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const image = [{ size: 'small', '#text': '' }];
const artistJson = (a: FakeLastfmArtist) => ({
  name: a.name,
  mbid: a.mbid ?? '',
  url: `https://www.last.fm/music/${encodeURIComponent(a.name).replace(/%20/g, '+')}`,
});

/**
 * A local stand-in for the two Last.fm API methods Encore calls (user.getTopArtists and
 * user.getLovedTracks, JSON), at `/2.0/` as Last.fm serves them: the API key checked, a user
 * looked up in any case, error 6 'User not found' with a 404 for an unknown one, and a single
 * item sent as an object rather than a list (Last.fm's JSON is its XML converted). Tests point
 * LASTFM_API_URL at it; `/__fake/*` lets a test in another process (the browser journeys) add a
 * user, make Last.fm fail (for everyone or one user), and read the log.
 */
export async function startLastfmServer(options: { apiKey: string; port?: number }) {
  const users = new Map<string, FakeLastfmUser>();
  const log: LastfmLogEntry[] = [];
  /** While set, every API call answers this status with Last.fm's 'temporarily unavailable'. */
  let down: number | null = null;
  /** The same for one user's calls only (browser journeys share one fake). */
  const downFor = new Map<string, number>();

  const addUser = (user: FakeLastfmUser) => users.set(user.name.toLowerCase(), user);
  const listed = <T>(items: T[]) => (items.length === 1 ? items[0] : items);

  function api(url: URL, response: ServerResponse) {
    const method = (url.searchParams.get('method') ?? '').toLowerCase();
    const name = url.searchParams.get('user') ?? '';
    const record = (status: number) => log.push({ method, user: name, status });
    const failing = down ?? downFor.get(name.toLowerCase());
    if (failing !== undefined) {
      record(failing);
      return json(response, failing, { error: 16, message: 'Service temporarily unavailable' });
    }
    if (url.searchParams.get('api_key') !== options.apiKey) {
      record(403);
      return json(response, 403, { error: 10, message: 'Invalid API key' });
    }
    if (url.searchParams.get('format') !== 'json') {
      record(400);
      return json(response, 400, { error: 5, message: 'Invalid format' });
    }
    const user = users.get(name.toLowerCase());
    if (!user) {
      record(404);
      return json(response, 404, { error: 6, message: 'User not found', links: [] });
    }
    const limit = Number(url.searchParams.get('limit') ?? 50);
    if (method === 'user.gettopartists') {
      record(200);
      const artists = user.topArtists.slice(0, limit).map((a, i) => ({
        ...artistJson(a),
        playcount: String(1000 - i),
        streamable: '0',
        image,
        '@attr': { rank: String(i + 1) },
      }));
      return json(response, 200, {
        topartists: {
          artist: listed(artists),
          '@attr': {
            user: user.name,
            page: '1',
            perPage: String(limit),
            totalPages: '1',
            total: String(user.topArtists.length),
          },
        },
      });
    }
    if (method === 'user.getlovedtracks') {
      record(200);
      const tracks = user.lovedTracks.slice(0, limit).map((t) => ({
        name: t.name,
        mbid: '',
        url: 'https://www.last.fm/music/track',
        artist: artistJson(t.artist),
        date: { uts: '1700000000', '#text': '14 Nov 2023, 22:13' },
        image,
        streamable: { fulltrack: '0', '#text': '0' },
      }));
      return json(response, 200, {
        lovedtracks: { track: listed(tracks), '@attr': { user: user.name, page: '1' } },
      });
    }
    record(400);
    return json(response, 400, { error: 3, message: 'Invalid Method - No method with that name' });
  }

  function control(method: string, url: URL, body: string, response: ServerResponse) {
    const [, , what] = url.pathname.split('/');
    if (what === 'log') return json(response, 200, log);
    if (what === 'users' && method === 'PUT') {
      addUser(JSON.parse(body) as FakeLastfmUser);
      return json(response, 200, { ok: true });
    }
    if (what === 'down') {
      const { status, user } = JSON.parse(body || '{}') as {
        status?: number | null;
        user?: string;
      };
      setDown(status ?? null, user);
      return json(response, 200, { ok: true });
    }
    return json(response, 404, { error: 'unknown control' });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.lastfm');
      try {
        if (url.pathname.startsWith('/__fake/')) {
          return control(request.method ?? 'GET', url, Buffer.concat(chunks).toString(), response);
        }
        if (request.method === 'GET' && url.pathname === '/2.0/') return api(url, response);
        json(response, 404, { error: 3, message: 'Not found' });
      } catch (error) {
        json(response, 500, { error: 8, message: String(error) });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  /** Every call (or only `user`'s) answers `status` (Last.fm's error 16) until given null. */
  function setDown(status: number | null, user?: string) {
    if (user === undefined) down = status;
    else if (status === null) downFor.delete(user.toLowerCase());
    else downFor.set(user.toLowerCase(), status);
  }

  return {
    /** LASTFM_API_URL */
    apiUrl: `http://127.0.0.1:${port}/2.0/`,
    log,
    addUser,
    setDown,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type LastfmServer = Awaited<ReturnType<typeof startLastfmServer>>;
