import type { TRole } from '@encore/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import {
  fanFinishSetup,
  fanProfile,
  fanSettings,
  performerProfile,
  user,
  venueProfile,
} from '../db/schema/index.ts';

export const PROFILE_TABLES = {
  fan: fanProfile,
  performer: performerProfile,
  venue: venueProfile,
} as const;
type Tables = typeof PROFILE_TABLES;
export type ProfileRow<R extends TRole> = Tables[R]['$inferSelect'];
type Values<R extends TRole> = Omit<
  Tables[R]['$inferInsert'],
  'userId' | 'createdAt' | 'updatedAt'
>;
/** What a save writes: any role's columns (the role argument picks the table). */
export type ProfileValues = Values<'fan'> | Values<'performer'> | Values<'venue'>;

/** A profile with the photo, which lives on the user row so it can be uploaded first. */
export type StoredProfile<R extends TRole> = { row: ProfileRow<R>; photoUrl: string | null };

export function createProfileRepo(orm: Orm) {
  return {
    async find<R extends TRole>(role: R, userId: string): Promise<StoredProfile<R> | null> {
      // drizzle cannot follow one generic table through its query builder; the three tables
      // share user_id, so a union-typed handle is sound here.
      const table = PROFILE_TABLES[role] as Tables['fan'];
      const [found] = await orm
        .select({ row: getTableColumns(table), photoUrl: user.image })
        .from(table)
        .innerJoin(user, eq(user.id, table.userId))
        .where(eq(table.userId, userId));
      return found ? { row: found.row as ProfileRow<R>, photoUrl: found.photoUrl } : null;
    },

    /**
     * Creates or replaces the profile and marks the user's profile complete, atomically. A fan's
     * first setup also offers the dashboard's one-time 'Finish setting up' card, and their
     * 'Send me show alerts by SMS' answer becomes the SMS switch of their notification settings
     * (texts still wait for a verified phone: the alert match checks that).
     */
    async save(role: TRole, userId: string, values: ProfileValues): Promise<void> {
      const table = PROFILE_TABLES[role] as Tables['fan'];
      const data = values as Values<'fan'>;
      await orm.transaction(async (tx) => {
        await tx
          .insert(table)
          .values({ ...data, userId })
          .onConflictDoUpdate({ target: table.userId, set: { ...data, updatedAt: new Date() } });
        await tx
          .update(user)
          .set({ profileComplete: true, updatedAt: new Date() })
          .where(eq(user.id, userId));
        if (role === 'fan') {
          await tx.insert(fanFinishSetup).values({ userId }).onConflictDoNothing();
          const sms = Boolean(data.smsOptIn);
          await tx
            .insert(fanSettings)
            .values({ userId, sms })
            .onConflictDoUpdate({
              target: fanSettings.userId,
              set: { sms, updatedAt: new Date() },
            });
        }
      });
    },

    /** Changes some fields of an existing profile; false when there is none. */
    async update(role: TRole, userId: string, values: Partial<ProfileValues>): Promise<boolean> {
      const table = PROFILE_TABLES[role] as Tables['fan'];
      const rows = await orm
        .update(table)
        .set({ ...(values as Partial<Values<'fan'>>), updatedAt: new Date() })
        .where(eq(table.userId, userId))
        .returning({ userId: table.userId });
      return rows.length > 0;
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
