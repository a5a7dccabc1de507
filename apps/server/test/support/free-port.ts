import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A TCP port that was free a moment ago, drawn below the kernel's ephemeral range. A port the OS
 * picks (`listen(0)`) comes from that range, which every outgoing connection of the run (hundreds
 * of Postgres and HTTP clients) also draws from: one of them could take it before the test's
 * server binds it (Vite's --strictPort then stops `npm run dev`). Below the range only another
 * test's server can collide, and it draws at random from about 12,000 ports.
 */
export async function freePort(): Promise<number> {
  const [low, high] = BELOW_EPHEMERAL;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between ${low} and ${high} in 50 tries`);
}

const BELOW_EPHEMERAL = ((): [number, number] => {
  const range = '/proc/sys/net/ipv4/ip_local_port_range';
  const ephemeralLow = existsSync(range) ? Number(readFileSync(range, 'utf8').split(/\s+/)[0]) : 0;
  // Linux's default range starts at 32768: the band is [20768, 32768).
  const low = ephemeralLow >= 13_000 ? ephemeralLow - 12_000 : 20_000;
  return [low, low + 12_000];
})();

/** Free on every interface, IPv4 and IPv6 (Vite listens on `localhost`, which may be ::1). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
