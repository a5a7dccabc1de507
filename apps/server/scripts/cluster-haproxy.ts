import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackage } from './os-postgres.ts';

const haproxyPresent = () => spawnSync('haproxy', ['-v']).status === 0;

/**
 * HAProxy's configuration for Encore's API processes, as docs/operations.md recommends: health
 * checks on /api/health every 500 ms (two failures take a process out), a refused or empty
 * connection retried once on another process (`retry-on` + `redispatch`: a request that never
 * reached a process is safe to send again), the live stream's connection left open
 * (`timeout tunnel`), and the serving process named in `X-Encore-Server`.
 */
export function haproxyConfig(port: number, statsPort: number, apiPorts: number[]): string {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response

frontend encore
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 500 fall 2 rise 2
  http-response set-header X-Encore-Server %s
${apiPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export type Balancer = {
  url: string;
  /** Each API server's state as HAProxy sees it now: `UP`, `DOWN`, … by server name. */
  states: () => Promise<Record<string, string>>;
  stop: () => Promise<void>;
};

/** Installs HAProxy when missing (as root), starts it in the foreground on `port`. */
export async function startHaproxy(
  dir: string,
  port: number,
  statsPort: number,
  apiPorts: number[],
  say: (text: string) => void,
): Promise<Balancer> {
  ensureDebianPackage('haproxy', haproxyPresent, say);
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, statsPort, apiPorts));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy's configuration is refused:\n${check.stderr}`);
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const states = async () => {
    const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const rows = (await response.text()).split('\n').map((line) => line.split(','));
    // Columns: pxname, svname, …, status is the 18th.
    return Object.fromEntries(
      rows.filter((r) => r[0] === 'api' && r[1]?.startsWith('api')).map((r) => [r[1], r[17]]),
    ) as Record<string, string>;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${output}`);
    const up = await states().catch(() => undefined);
    if (up && Object.values(up).every((state) => state === 'UP')) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not see every API process up within 10 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // polls HAProxy's own view
  }
  return { url: `http://127.0.0.1:${port}`, states, stop };
}
