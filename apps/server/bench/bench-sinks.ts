import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { startSink } from './fanout-processes.ts';
import { makeCertificate } from './fanout-setup.ts';

/** Postgres on `port`, the three sinks on the next three ports. */
export function benchPorts(port: number) {
  return { postgres: port, smtp: port + 1, sms: port + 2, push: port + 3 };
}
export type BenchPorts = ReturnType<typeof benchPorts>;

/** The load average, 1/5/15 min: the bench machine is shared, so every figure says it. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

export function machineLine(): string {
  return `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1/5/15 min) ${loadAverage()}`;
}

/**
 * The local push service (HTTPS, a self-signed certificate under `dataDir`), SMTP server and
 * Twilio-style SMS API that count what they get, each its own process; and the environment that
 * points a worker at them (it trusts the certificate through NODE_EXTRA_CA_CERTS, and
 * PUSH_SERVICE_HOSTS with PUSH_ALLOW_PRIVATE_ADDRESSES let it push to loopback).
 */
export async function startBenchSinks(
  dataDir: string,
  ports: Omit<BenchPorts, 'postgres'>,
  /** Keep each copy's recipient and key too (fanout-sink.ts `--keys`). */
  keys = false,
) {
  const { key, cert } = makeCertificate(join(dataDir, 'push-cert'));
  const keep = keys ? ['--keys'] : [];
  const sinks = {
    push: await startSink('push', ports.push, [key, cert, ...keep]),
    email: await startSink('email', ports.smtp, keep),
    sms: await startSink('sms', ports.sms, keep),
  };
  const workerEnv = (databaseUrl: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(dataDir, 'worker'),
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    SMS_API_URL: `http://127.0.0.1:${ports.sms}`,
    SMS_ACCOUNT_SID: 'ACbench',
    SMS_AUTH_TOKEN: 'bench-token',
    SMS_FROM: '+15550100000',
    NODE_EXTRA_CA_CERTS: cert,
    // The push sink is on loopback, which production never lets a push reach.
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    PUSH_ALLOW_PRIVATE_ADDRESSES: 'on',
    LOG_LEVEL: 'warn',
  });
  return { sinks, workerEnv };
}
