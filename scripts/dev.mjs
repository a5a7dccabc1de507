// `npm run dev`: hot reload for both halves. The API restarts on change (tsx watch) on $PORT
// (default 3000); Vite serves the web app on http://localhost:5173 and proxies /api to the API.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
const webOrigin = 'http://localhost:5173';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: port,
      // Pages come from Vite in development, so links in mails etc. must point there too.
      PUBLIC_URL: process.env.PUBLIC_URL ?? webOrigin,
      TRUSTED_ORIGINS: [process.env.TRUSTED_ORIGINS, webOrigin].filter(Boolean).join(','),
    },
  }),
  spawn('npx', ['vite', '--port', '5173', '--strictPort'], {
    cwd: new URL('../apps/web/', import.meta.url),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: port },
  }),
];

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
