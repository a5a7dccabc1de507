// A step that behaves as Playwright does: its web server runs in a process group of its own and
// is stopped on SIGINT only (SIGTERM ends the step at once); and, as a vitest worker's Postgres,
// a process in the step's own group that SIGINT does not stop. Both carry the marker (argv[2]).
import { spawn } from 'node:child_process';

const marker = process.argv[2];
const idle = (role) => [
  '-e',
  'process.on("SIGINT", () => {}); setInterval(() => {}, 1000)',
  marker,
  role,
];
const server = spawn(process.execPath, idle('server'), { detached: true, stdio: 'ignore' });
spawn(process.execPath, idle('in-group'), { stdio: 'ignore' });
process.on('SIGINT', () => {
  process.kill(-server.pid, 'SIGTERM');
  process.exit(130);
});
process.on('SIGTERM', () => process.exit(143));
console.log('step ready');
setInterval(() => {}, 1000);
