import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { OutgoingAlert } from '../../src/alerts/channel-sender.ts';
import type { Outbox } from '../../src/alerts/outbox.ts';
import { recordBatch } from '../../src/alerts/outcome-recorder.ts';

/** The log lines written, by level and message. */
function capturingLog() {
  const lines: { level: string; message: string }[] = [];
  const at =
    (level: string) =>
    (_: unknown, message = '') =>
      lines.push({ level, message });
  const log = { warn: at('warn'), info: at('info'), error: at('error'), debug: at('debug') };
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const alert = (n: number) =>
  ({ deliveryId: `d${n}`, showEventId: 'e', fanId: `f${n}`, channel: 'email' }) as OutgoingAlert;

describe('recording outcomes through a burst of failed writes', () => {
  it('logs the burst once when it starts and once when it ends, and writes every outcome', async () => {
    const { lines, log } = capturingLog();
    let failuresLeft = 2;
    const written: string[] = [];
    const outbox = {
      async finish(alerts: OutgoingAlert[]) {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('timeout exceeded when trying to connect');
        }
        written.push(...alerts.map((a) => a.deliveryId));
      },
    } as unknown as Outbox;
    const batch = [alert(1), alert(2)];
    const recorder = recordBatch(batch, {
      outbox,
      policy: { baseDelayMs: 1_000, maxDelayMs: 60_000 },
      leaseMs: 60_000,
      claimedAt: Date.now(),
      options: { flushMs: 10, flushSize: 20 },
      log,
      channel: 'email',
      stopping: new AbortController().signal,
    });

    await recorder.finish(batch.map((a) => ({ deliveryId: a.deliveryId, status: 'sent' })));

    expect(written.sort()).toEqual(['d1', 'd2']);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'info')).toEqual([
      { level: 'info', message: 'recording alert outcomes works again' },
    ]);
  });
});
