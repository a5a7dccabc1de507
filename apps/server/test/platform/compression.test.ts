import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningTestApp, startAlertServer } from '../support/alert-server.ts';
import { fan, watch } from '../support/alerts.ts';
import { makeTempDir } from '../support/paths.ts';
import { eventually, recordingSender } from '../support/recording-sender.ts';
import { announceConfirmed, laterStart, member } from '../support/shows.ts';

const ASSET = 'assets/index-Ab12Cd34.js';
const BROWSER_ACCEPTS = 'gzip, deflate, br, zstd';

let t: ListeningTestApp;
let dist: string;
const email = recordingSender('email');

/** A dist folder as `vite build` leaves it: big text files with their .br and .gz beside them. */
function writeBuild(folder: string) {
  mkdirSync(join(folder, 'assets'));
  const script = `export const shows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `show ${i}`))};`;
  const html = `<!doctype html><title>Encore</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
  for (const [path, text] of [
    [ASSET, script],
    ['index.html', html],
  ] as const) {
    writeFileSync(join(folder, path), text);
    writeFileSync(join(folder, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(folder, `${path}.gz`), gzipSync(text));
  }
}

beforeAll(async () => {
  dist = makeTempDir('web-dist');
  writeBuild(dist);
  t = await startAlertServer(
    { senders: [email.sender], dispatch: { pollMs: 100 } },
    undefined,
    true,
    {
      webDistDir: dist,
    },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });

describe('the built web app’s files', () => {
  it('are sent precompressed as built: brotli when accepted, with Vary', async () => {
    const response = await get(`/${ASSET}`, BROWSER_ACCEPTS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(readFileSync(join(dist, `${ASSET}.br`)))).toBe(true);
  });

  it('are sent gzipped to a client that takes only gzip', async () => {
    const response = await get(`/${ASSET}`, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.equals(readFileSync(join(dist, `${ASSET}.gz`)))).toBe(true);
  });

  it('are sent as they are without Accept-Encoding, still saying Vary', async () => {
    const response = await get(`/${ASSET}`);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(readFileSync(join(dist, ASSET), 'utf8'));
  });

  it('include index.html served for a client-side route', async () => {
    const response = await get('/landing', BROWSER_ACCEPTS);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
  });
});

describe('API JSON', () => {
  it('is compressed above 1 KB when accepted, and the same JSON once decoded', async () => {
    const performer = await member(t, 'performer');
    const venue = await member(t, 'venue');
    for (const day of [1, 2, 3, 4]) {
      await announceConfirmed(t, performer, venue, { startsAtLocal: laterStart(day) });
    }
    const url = `/api/artists/${performer.id}`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await get(url, BROWSER_ACCEPTS);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(
      plain.json(),
    );
  });

  it('is left alone under 1 KB: the CPU would buy nothing', async () => {
    const response = await get('/api/health', BROWSER_ACCEPTS);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

/** GET over real HTTP, the body's text collected as it arrives (inject would wait for the end). */
function openRaw(path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(t.baseUrl);
  let text = '';
  let res: IncomingMessage | undefined;
  const req = request({ hostname, port, path, headers });
  const opened = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', (response) => {
      res = response;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      resolve(response);
    });
    req.on('error', reject);
  });
  req.end();
  return {
    opened,
    text: () => text,
    close: () => {
      res?.destroy();
      req.destroy();
    },
  };
}

describe('the notification stream', () => {
  it('is never compressed or buffered: each event arrives live though the client accepts br', async () => {
    const performer = await member(t, 'performer', { artistName: 'Loud Quiet' });
    const venue = await member(t, 'venue', { venueName: 'The Cellar', zipCode: '60601' });
    const watcher = await fan(t);
    await watch(t, watcher.cookie, performer.id, ['email']);
    const stream = openRaw('/api/notifications/stream', {
      cookie: watcher.cookie,
      accept: 'text/event-stream',
      'accept-encoding': BROWSER_ACCEPTS,
    });
    try {
      const response = await stream.opened;
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(response.headers['content-encoding']).toBeUndefined();
      await eventually(() => stream.text().includes('event: unread'));

      const show = await announceConfirmed(t, performer, venue, { genre: 'Rock' });
      // Readable as sent, while the response is still open: nothing held it back to compress.
      await eventually(() => stream.text().includes(`"showId":"${show.id}"`));
      expect(stream.text()).toContain('event: notification');
    } finally {
      stream.close();
    }
  });
});
