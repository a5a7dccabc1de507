import type { TRole } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

/** Each role keeps its contact phone on its own profile table. */
const PROFILE_TABLE: Record<TRole, string> = {
  fan: 'fan_profiles',
  performer: 'performer_profiles',
  venue: 'venue_profiles',
};

/** Postgres' undefined_table: the profile tables arrive with the profile feature's migration. */
const UNDEFINED_TABLE = '42P01';

export function createProfilePhoneRepo(orm: Orm) {
  return {
    /** The phone on the user's role profile, or null when there is no profile or no phone. */
    async phoneOf(userId: string, role: TRole): Promise<string | null> {
      try {
        const result = await orm.execute<{ phone: string | null }>(
          sql`select phone from ${sql.identifier(PROFILE_TABLE[role])} where user_id = ${userId}`,
        );
        const phone = result.rows[0]?.phone?.trim();
        return phone ? phone : null;
      } catch (error) {
        if (pgCode(error) === UNDEFINED_TABLE) return null;
        throw error;
      }
    },
  };
}

export type ProfilePhoneRepo = ReturnType<typeof createProfilePhoneRepo>;

function pgCode(error: unknown): string | undefined {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  const candidate = (cause ?? error) as { code?: unknown };
  return typeof candidate?.code === 'string' ? candidate.code : undefined;
}
