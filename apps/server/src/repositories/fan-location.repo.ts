import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { fanLocations, fanProfile } from '../db/schema/index.ts';

export type FanLocationRow = typeof fanLocations.$inferSelect;
export type FanLocationValues = Omit<FanLocationRow, 'userId' | 'locatedAt'>;

/** The fan's stored location (one row per fan) and the home it may become. */
export function createFanLocationRepo(orm: Orm) {
  return {
    async find(fanId: string): Promise<FanLocationRow | null> {
      const [found] = await orm.select().from(fanLocations).where(eq(fanLocations.userId, fanId));
      return found ?? null;
    },

    /** The browser's position replaces whatever was stored. */
    async saveDevice(fanId: string, values: FanLocationValues): Promise<void> {
      const set = { ...values, locatedAt: sql`now()` };
      await orm
        .insert(fanLocations)
        .values({ ...values, userId: fanId })
        .onConflictDoUpdate({ target: fanLocations.userId, set });
    },

    /**
     * The fallback is stored only over nothing or another fallback: a real position from an
     * earlier visit says more about the fan than the fixed New York location does.
     */
    async saveFallback(fanId: string, values: FanLocationValues): Promise<void> {
      await orm
        .insert(fanLocations)
        .values({ ...values, userId: fanId })
        .onConflictDoUpdate({
          target: fanLocations.userId,
          set: { ...values, locatedAt: sql`now()` },
          setWhere: sql`${fanLocations.source} = 'fallback'`,
        });
    },

    /** The home alerts match against, as the profile holds it; null before setup. */
    async home(fanId: string): Promise<{ city: string; zipCode: string } | null> {
      const [found] = await orm
        .select({ city: fanProfile.homeCity, zipCode: fanProfile.zipCode })
        .from(fanProfile)
        .where(eq(fanProfile.userId, fanId));
      return found ?? null;
    },
  };
}

export type FanLocationRepo = ReturnType<typeof createFanLocationRepo>;
