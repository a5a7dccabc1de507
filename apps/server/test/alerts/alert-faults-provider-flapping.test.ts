import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budget } from '../support/budget.ts';
import { settled } from '../support/fault-sinks.ts';
import { eventually } from '../support/recording-sender.ts';
import {
  expectAllSent,
  expectEachFanServedOnce,
  FAULT_FANS as FANS,
  type FaultRun,
  startFaultRun,
  watchedPerformer,
} from './support/fault-run.ts';

/** Back-off of min(300 ms · 2^attempts, 3 s), so a few seconds of failures cost a few tries. */
const RETRY = { baseDelayMs: 300, maxDelayMs: 3_000 };
/** How long each way of failing lasts at least (until both providers have answered with it). */
const PHASE_MS = 800;

let run: FaultRun;

beforeAll(async () => {
  run = await startFaultRun({ dispatch: { ...RETRY, pollMs: 100 } });
}, budget(60_000));
afterAll(async () => {
  await run?.close();
});

type Attempt = { key: string; at: number; status: number; retryAfter: string | undefined };

/**
 * Each delivery's tries, in order; between two, the pause its back-off asked for: the
 * provider's Retry-After when it gave one, else min(base · 2^tries so far, max). The pause is a
 * floor the outbox enforces (next_attempt_at), so this holds however slow the machine is.
 */
function backOffViolations(attempts: readonly Attempt[]): string[] {
  const byKey = new Map<string, Attempt[]>();
  for (const a of attempts) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
  const violations: string[] = [];
  for (const [key, tries] of byKey) {
    tries.sort((a, b) => a.at - b.at);
    for (let n = 1; n < tries.length; n++) {
      const previous = tries[n - 1] as Attempt;
      const wanted =
        previous.retryAfter !== undefined
          ? Number(previous.retryAfter) * 1000
          : Math.min(RETRY.baseDelayMs * 2 ** (n - 1), RETRY.maxDelayMs);
      // 2 ms for rounding between Postgres' clock (µs) and Date.now() (ms).
      const gap = (tries[n] as Attempt).at - previous.at;
      if (gap < wanted - 2) violations.push(`${key} try ${n + 1}: ${gap} ms < ${wanted} ms`);
    }
  }
  return violations;
}

describe('providers answering 429 and 500 for a while, then recovering', () => {
  it(
    'retries with exponential back-off (or Retry-After) and ends with every fan served once',
    async () => {
      const { t, sinks } = run;
      const { fans, announce } = await watchedPerformer(t, sinks);
      // Throttled without saying for how long; throttled for 1 s; broken; then healthy again.
      // The mail server answers 451 (try later) throughout.
      sinks.sms.respondWith(429);
      sinks.push.respondWith(429);
      sinks.mail.rejectAll(451);
      const started = Date.now();
      const eventId = await announce();
      // A phase ends once both providers have answered that way (a fixed time could pass without a
      // single try on a loaded machine) and PHASE_MS have passed: the scenario is an outage that
      // lasts, so retries meet each way of failing more than once.
      const phase = async (sms: number, push: number, retryAfter = false) => {
        const since = Date.now();
        const answered = (
          tries: { status: number; retryAfter: string | undefined }[],
          status: number,
        ) => tries.some((a) => a.status === status && (a.retryAfter !== undefined) === retryAfter);
        await eventually(
          () =>
            answered(sinks.sms.received, sms) &&
            answered(sinks.push.received, push) &&
            Date.now() - since >= PHASE_MS,
          30_000,
        );
      };
      await phase(429, 429);
      sinks.sms.respondWith(429, { 'retry-after': '1' });
      sinks.push.respondWith(429, { 'retry-after': '1' });
      await phase(429, 429, true);
      sinks.sms.respondWith(500);
      sinks.push.respondWith(503);
      await phase(500, 503);
      sinks.sms.respondWith(201);
      sinks.push.respondWith(201);
      sinks.mail.rejectAll(undefined);
      const failing = Date.now() - started;

      await eventually(() => settled(t.database.orm, eventId), 90_000);
      const elapsed = Date.now() - started;
      const rows = await expectAllSent(t, eventId);

      const smsTries = sinks.sms.received.map((r) => ({ ...r, key: r.idempotencyKey ?? '' }));
      const pushTries = sinks.push.received.map((r) => ({ ...r, key: String(r.headers.topic) }));
      // Every way of failing was met.
      for (const tries of [smsTries, pushTries]) {
        const answers = new Set(tries.map((a) => `${a.status}${a.retryAfter ? '+RA' : ''}`));
        expect([...answers].sort()).toEqual(
          expect.arrayContaining(['201', '429', '429+RA', tries === smsTries ? '500' : '503']),
        );
      }
      expect(backOffViolations(smsTries)).toEqual([]);
      expect(backOffViolations(pushTries)).toEqual([]);

      const failed = (tries: Attempt[]) => tries.filter((a) => a.status !== 201).length;
      const most = (tries: Attempt[]) => {
        const counts = new Map<string, number>();
        for (const a of tries) counts.set(a.key, (counts.get(a.key) ?? 0) + 1);
        return Math.max(...counts.values());
      };
      expectEachFanServedOnce(
        sinks,
        fans,
        rows,
        `Provider flapping: ${FANS} fans; failing for ${failing} ms; all done in ${elapsed} ms; ` +
          `SMS ${failed(smsTries)} refused tries (at most ${most(smsTries)} tries a text), push ` +
          `${failed(pushTries)} (at most ${most(pushTries)}).`,
      );
    },
    budget(150_000),
  );
});
