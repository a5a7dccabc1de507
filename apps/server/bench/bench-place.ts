import { createServer } from 'node:net';

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Where a bench runs: `--port` when given, else a base port whose next `span` ports were free a
 * moment ago (Postgres on the base, the sinks above it); and a data folder of its own under /tmp,
 * so two benches (or a bench beside `npm test`) never share a port or a folder. Under /tmp: as
 * root, Postgres runs as `postgres` and cannot enter 0700 folders (GOTCHAS.md).
 */
export async function benchPlace(
  name: string,
  givenPort: string | undefined,
  span = 1,
): Promise<{ port: number; dataDir: string }> {
  const port = givenPort ? Number(givenPort) : await freeBase(span);
  return { port, dataDir: `/tmp/encore-bench-${name}-${port}-${process.pid}` };
}

async function freeBase(span: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let free = true;
    for (let offset = 0; offset < span && free; offset++) free = await isFree(base + offset);
    if (free) return base;
  }
  throw new Error('no free ports found: pass --port');
}
