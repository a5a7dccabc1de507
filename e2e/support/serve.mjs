// The server the browser tests run against: the real production start (`npm start`'s script) on a
// fresh data folder, so every run begins with an empty embedded Postgres. Paths live under /tmp
// because Postgres, run as the `postgres` user when we are root, cannot enter 0700 folders.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir?.startsWith('/tmp/')) throw new Error('e2e DATA_DIR must be a folder under /tmp');
rmSync(dataDir, { recursive: true, force: true });
await import('../../scripts/start.mjs');
