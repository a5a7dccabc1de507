// `npm run dev`: hot reload for both halves. The API restarts on change (tsx watch) on $PORT
// (default 3000); Vite serves the web app on http://localhost:$WEB_PORT (default 5173) and proxies
// /api to the API.
//
// Stopping: `npm run dev` execs this script (package.json), so a signal to npm reaches it; it
// passes the signal on to its two children, which run their binaries directly (no npx in
// between to swallow it), and exits when both have: tsx watch stops the API, which stops its
// Postgres. tsx watch runs in a process group of its own, so the terminal's Ctrl-C (sent to the
// whole foreground group) reaches it once, from here: a second signal makes tsx watch SIGKILL
// the API, which leaves its Postgres running. Its stdin is therefore not the terminal's (a
// background group reading it would be stopped): tsx watch restarts on a change, not on Return.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
const port = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const webOrigin = `http://localhost:${webPort}`;

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: port,
      // Pages come from Vite in development, so links in mails etc. must point there too.
      PUBLIC_URL: process.env.PUBLIC_URL ?? webOrigin,
      TRUSTED_ORIGINS: [process.env.TRUSTED_ORIGINS, webOrigin].filter(Boolean).join(','),
    },
  }),
  spawn(bin('vite'), ['--port', webPort, '--strictPort'], {
    cwd: new URL('../apps/web/', import.meta.url),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: port },
  }),
];

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// Node waits for both children before it exits: whoever stops `npm run dev` finds nothing left.
for (const child of children) {
  child.on('exit', (code, signal) => {
    // One half ending by itself (a crash, a port taken) ends the other: nothing half-started stays.
    if (!stopping && (code !== 0 || signal)) process.exitCode = code ?? 1;
    stop('SIGTERM');
  });
}
