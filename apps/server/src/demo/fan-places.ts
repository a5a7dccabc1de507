import type { TFanPlaceValues } from '@encore/contract';
import { DEMO_CITIES } from './cities.ts';
import type { DemoFan } from './demo-rows.ts';
import { DAY_MS } from './demo-time.ts';
import type { Random } from './prng.ts';

/** A place a demo fan keeps besides home, as the settings form sends it (placed by the loader). */
export type DemoFanPlace = { fanId: string; place: TFanPlaceValues };

/** How many demo fans keep other places: some (family elsewhere, a trip ahead), as in life. */
const KEEPING = 0.08;
const RADII = [25, 50] as const;

const day = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Other places for some demo fans, from a stream of their own (so nothing else in the set
 * changes): a demo city other than home, a third of them a trip of 3–7 days starting 1–8 weeks
 * from now. The demo fan (the first) always plans a trip, so Settings and the alerts show one. The
 * loader places each through the API's own placing (domain/fan-place.ts) after the history is
 * matched, so the history's alerts stay as they were.
 */
export function demoFanPlaces(random: Random, now: Date, fans: readonly DemoFan[]): DemoFanPlace[] {
  return fans.flatMap((fan, i) => {
    if (i > 0 && !random.chance(KEEPING)) return [];
    const elsewhere = DEMO_CITIES.filter((c) => c.city !== fan.profile.homeCity);
    const count = i === 0 ? 1 : random.int(1, 2);
    return random.sample(elsewhere, count).map((city, n) => {
      const trip = (i === 0 && n === 0) || random.chance(1 / 3);
      const start = random.int(7, 56);
      const near = random.chance(0.5) ? `${city.city}, ${city.state}` : random.pick(city.zips);
      return {
        fanId: fan.user.id,
        place: {
          near,
          radius: random.pick(RADII),
          tripStart: trip ? day(now, start) : null,
          tripEnd: trip ? day(now, start + random.int(2, 6)) : null,
        },
      };
    });
  });
}
