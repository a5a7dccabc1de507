import type { DemoFan, DemoPerformer } from './demo-rows.ts';
import { HOUR_MS } from './demo-time.ts';
import type { Random } from './prng.ts';

/** A fan's open request for a show of the featured performer, near the fan's home. */
export type DemoShowRequest = { fanId: string; performerId: string; createdAt: Date };

/**
 * Where the featured performer's fans ask for a show, and how likely a fan there asks: a strong
 * call from Denver and Boston, where its tours never went, steadier ones along the Northeast
 * route the planner draws, and a scattering anywhere (cities with "a few" on the dashboard).
 */
const ASKING: Record<string, number> = {
  Denver: 0.45,
  Boston: 0.3,
  Philadelphia: 0.2,
  Chicago: 0.12,
  Providence: 0.3,
  Pittsburgh: 0.15,
  Albany: 0.25,
  Hartford: 0.25,
};
const ELSEWHERE = 0.01;

/**
 * The featured performer's show requests, drawn from a stream of their own (so nothing else in
 * the set changes), from fans other than the demo fan (who may still ask, from the artist's
 * page), made over the last 90 days. The loader inserts them after the history is matched, so
 * they stay open, and takes each place from the fan's profile as the API does.
 */
export function demoShowRequests(
  random: Random,
  now: Date,
  performer: DemoPerformer,
  fans: readonly DemoFan[],
): DemoShowRequest[] {
  return fans
    .filter((fan) => random.chance(ASKING[fan.profile.homeCity] ?? ELSEWHERE))
    .map((fan) => ({
      fanId: fan.user.id,
      performerId: performer.user.id,
      createdAt: new Date(now.getTime() - random.int(1, 90 * 24) * HOUR_MS),
    }));
}
