import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Where a bench runs: `--port` when given, else a base port whose next `span` ports were free a
 * moment ago (Postgres on the base, the sinks above it); and a data folder of its own, named by
 * bench, port and process, so two benches (or a bench beside `npm test`) never share a port or a
 * folder. The folder is under `DATA_DIR` when it is set (a bigger disk), else under /tmp: as root,
 * Postgres runs as `postgres` and cannot enter 0700 folders (GOTCHAS.md), so a DATA_DIR given
 * there must be reachable by it.
 */
export async function benchPlace(
  name: string,
  givenPort: string | undefined,
  span = 1,
): Promise<{ port: number; dataDir: string }> {
  const port = givenPort ? Number(givenPort) : await freeBase(span);
  const parent = process.env.DATA_DIR?.trim() || '/tmp';
  return { port, dataDir: join(resolve(parent), `encore-bench-${name}-${port}-${process.pid}`) };
}

/** A port free a moment ago (a bench's helper server that needs no neighbours). */
export const freePort = () => freeBase(1);

async function freeBase(span: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let free = true;
    for (let offset = 0; offset < span && free; offset++) free = await isFree(base + offset);
    if (free) return base;
  }
  throw new Error('no free ports found: pass --port');
}
