import { and, eq, ne, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { emailChange, fanProfile, session, user } from '../db/schema/index.ts';

export type PendingEmailChange = { newEmail: string; expiresAt: Date };

/** The session that opened the link, kept when it belongs to the account that changes. */
export type KeptSession = { userId: string; sessionToken: string };

/** What opening a link did: the switch, or why nothing changed. */
export type EmailChangeOutcome =
  | { status: 'changed'; userId: string; oldEmail: string; newEmail: string }
  | { status: 'invalid' }
  | { status: 'expired' };

export function createEmailChangeRepo(orm: Orm) {
  return {
    async pending(userId: string): Promise<PendingEmailChange | undefined> {
      const [row] = await orm
        .select({ newEmail: emailChange.newEmail, expiresAt: emailChange.expiresAt })
        .from(emailChange)
        .where(eq(emailChange.userId, userId));
      return row;
    },

    /** Case-insensitive, served by the unique index on lower(email), as sign-up's check is. */
    async emailTakenByOther(userId: string, email: string): Promise<boolean> {
      const rows = await orm
        .select({ id: user.id })
        .from(user)
        .where(and(sql`lower(${user.email}) = lower(${email})`, ne(user.id, userId)))
        .limit(1);
      return rows.length > 0;
    },

    /** A new request (or a resend) replaces the earlier one: only the newest link works. */
    async save(userId: string, newEmail: string, tokenHash: string, expiresAt: Date) {
      await orm
        .insert(emailChange)
        .values({ userId, newEmail, tokenHash, expiresAt })
        .onConflictDoUpdate({
          target: emailChange.userId,
          set: { newEmail, tokenHash, expiresAt, createdAt: sql`now()` },
        });
    },

    async cancel(userId: string): Promise<boolean> {
      const deleted = await orm
        .delete(emailChange)
        .where(eq(emailChange.userId, userId))
        .returning({ userId: emailChange.userId });
      return deleted.length > 0;
    },

    /**
     * Takes the change its token names (the DELETE makes the link single-use, and concurrent
     * openings meet on the row) and, when it is still live, switches the account's address and
     * the fan profile's copy of it in the same transaction: login, alert mail and the Security
     * tab all read "user".email, so they move together. Opening the link proves the address, so
     * it is verified too. An address taken meanwhile fails on user_email_lower_idx and rolls back.
     * The account's sessions go in the same transaction (all but `keep`'s, when it is one of
     * them): the DELETE better-auth's password change makes, so migration 0032's trigger tells
     * every process' session cache at commit (decision 029), and no session outlives the switch.
     */
    async confirm(tokenHash: string, keep: KeptSession | null): Promise<EmailChangeOutcome> {
      return orm.transaction(async (tx) => {
        const [change] = await tx
          .delete(emailChange)
          .where(eq(emailChange.tokenHash, tokenHash))
          .returning();
        if (!change) return { status: 'invalid' };
        if (change.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
        const [before] = await tx
          .select({ email: user.email })
          .from(user)
          .where(eq(user.id, change.userId))
          .for('update');
        if (!before) return { status: 'invalid' };
        await tx
          .update(user)
          .set({ email: change.newEmail, emailVerified: true, updatedAt: sql`now()` })
          .where(eq(user.id, change.userId));
        await tx
          .update(fanProfile)
          .set({ email: change.newEmail, updatedAt: sql`now()` })
          .where(eq(fanProfile.userId, change.userId));
        const kept = keep?.userId === change.userId ? keep.sessionToken : null;
        await tx
          .delete(session)
          .where(
            kept === null
              ? eq(session.userId, change.userId)
              : and(eq(session.userId, change.userId), ne(session.token, kept)),
          );
        return {
          status: 'changed',
          userId: change.userId,
          oldEmail: before.email,
          newEmail: change.newEmail,
        };
      });
    },
  };
}

export type EmailChangeRepo = ReturnType<typeof createEmailChangeRepo>;
