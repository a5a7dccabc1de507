/**
 * `npm run bench:transfer -- --url http://localhost:3000` (a production start with the demo data:
 * `npm start`)
 *
 * What compression saves on the wire: opens /landing in Chromium to learn which scripts and
 * stylesheets the first page really loads, then fetches each as sent to a client without
 * Accept-Encoding (what every client got before 2026-11-27: nothing was compressed), one taking
 * gzip, and one taking brotli, and adds up the bytes of the body as sent. The same for a 50-item
 * JSON list, the demo fan's Your Alerts (`/api/fan/alerts?limit=50`). The sizes are the same on
 * every host; the host's speed (host-speed.ts) is printed beside them all the same, as every bench
 * does.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '../../../e2e/support/chromium.ts';
import { signInDemo } from './demo-encore.ts';
import { measureHostSpeed } from './host-speed.ts';

const { values } = parseArgs({
  options: { url: { type: 'string', default: 'http://localhost:3000' } },
});
const base = new URL(values.url);

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The body's size as sent (not decoded), and what the server said it was. */
function bytesOnWire(
  path: string,
  encoding: Encoding,
  cookie = '',
): Promise<{ bytes: number; sent: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: base.hostname,
        port: base.port,
        path,
        headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ bytes, sent: String(res.headers['content-encoding'] ?? 'identity') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function landingFiles(): Promise<{ path: string; kind: 'js' | 'css' }[]> {
  const { executablePath } = await resolveChromium();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const files: { path: string; kind: 'js' | 'css' }[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const url = new URL(response.url());
      if (url.origin !== base.origin) return;
      if (type === 'script' || type === 'stylesheet') {
        files.push({ path: url.pathname, kind: type === 'script' ? 'js' : 'css' });
      }
    });
    await page.goto(new URL('/landing', base).href, { waitUntil: 'networkidle' });
    return files;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function row(label: string, paths: string[], cookie = '') {
  const totals: Record<Encoding, number> = { identity: 0, gzip: 0, br: 0 };
  for (const path of paths) {
    for (const encoding of ENCODINGS) {
      const { bytes, sent } = await bytesOnWire(path, encoding, cookie);
      if (sent !== encoding) throw new Error(`${path}: asked ${encoding}, sent ${sent}`);
      totals[encoding] += bytes;
    }
  }
  const saved = (n: number) => `${Math.round((1 - n / totals.identity) * 100)}% less`;
  console.log(
    `${label.padEnd(34)} none ${kb(totals.identity).padStart(9)}   gzip ${kb(totals.gzip).padStart(9)} (${saved(totals.gzip)})   br ${kb(totals.br).padStart(9)} (${saved(totals.br)})`,
  );
}

// The host's speed first, before Chromium starts (host-speed.ts).
const host = await measureHostSpeed();
console.log(`${host.line}; server ${base.origin}`);
const files = await landingFiles();
const js = files.filter((f) => f.kind === 'js').map((f) => f.path);
const css = files.filter((f) => f.kind === 'css').map((f) => f.path);
await row(`/landing JS (${js.length} files)`, js);
await row(`/landing CSS (${css.length} files)`, css);
await row('/landing index.html', ['/landing']);
const cookie = await signInDemo(base.href, 'fan');
const feed = await fetch(new URL('/api/fan/alerts?limit=50', base), { headers: { cookie } });
const { items } = (await feed.json()) as { items: unknown[] };
await row(`/api/fan/alerts?limit=50 (${items.length} items)`, ['/api/fan/alerts?limit=50'], cookie);
console.log(host.line);
