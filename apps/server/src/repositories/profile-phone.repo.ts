import type { TRole } from '@encore/contract';
import { eq } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { fanProfile, performerProfile, venueProfile } from '../db/schema/index.ts';

/** Each role keeps its contact phone on its own profile table. */
const PROFILE_TABLE = { fan: fanProfile, performer: performerProfile, venue: venueProfile };

export function createProfilePhoneRepo(orm: Orm) {
  return {
    /** The phone on the user's role profile, or null before the profile exists. */
    async phoneOf(userId: string, role: TRole): Promise<string | null> {
      const table = PROFILE_TABLE[role];
      const [row] = await orm
        .select({ phone: table.phone })
        .from(table)
        .where(eq(table.userId, userId));
      return row?.phone.trim() || null;
    },
  };
}

export type ProfilePhoneRepo = ReturnType<typeof createProfilePhoneRepo>;
