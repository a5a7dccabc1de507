import { execFileSync } from 'node:child_process';

/**
 * The browser tests' ports and data folder, chosen once. playwright.config.ts calls this in
 * Playwright's main process, where E2E_PORT is either given or picked here, and written back to
 * process.env: the web server and the workers (which evaluate the config again) inherit it, so
 * every process agrees. The server listens on E2E_PORT, its embedded Postgres on +1000, the
 * Spotify fake on +2000, the Last.fm fake on +2001; the demo-data server (e2e/support/demo.ts) on +1, its Postgres on +1001.
 * Two runs at once each get their own.
 */
export function e2eSettings(): { port: number; dataDir: string } {
  process.env.E2E_PORT ??= String(freePortTriple());
  // Unique per run (pid), under /tmp: Postgres, run as `postgres` when we are root, cannot
  // enter 0700 folders.
  process.env.E2E_DATA_DIR ??= `/tmp/encore-e2e-${process.env.E2E_PORT}-${process.pid}`;
  return { port: Number(process.env.E2E_PORT), dataDir: process.env.E2E_DATA_DIR };
}

// The config is evaluated synchronously, so the probe runs in a child node process.
const PROBE = `
const net = require('node:net');
const free = (port) => new Promise((resolve) => {
  const server = net.createServer().once('error', () => resolve(false));
  server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
});
(async () => {
  for (let attempt = 0; attempt < 200; attempt++) {
    const base = 20000 + Math.floor(Math.random() * 20000);
    const ports = [base, base + 1000, base + 2000, base + 2001, base + 1, base + 1001];
    let allFree = true;
    for (const port of ports) allFree = allFree && (await free(port));
    if (allFree) {
      process.stdout.write(String(base));
      return;
    }
  }
  process.exit(1);
})();
`;

/** A port p where p, p+1000, p+2000, p+2001, p+1 and p+1001 were all free a moment ago. */
function freePortTriple(): number {
  return Number(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' }));
}
