import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { user } from '../db/schema/index.ts';

export function createUserRepo(orm: Orm) {
  return {
    /** Case-insensitive, served by the unique index on lower(username). */
    async usernameExists(username: string): Promise<boolean> {
      const rows = await orm
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.username}) = lower(${username})`)
        .limit(1);
      return rows.length > 0;
    },

    /** Which of a sign-up's two unique identities already belong to someone, in one query. */
    async findTaken(username: string, email: string) {
      const [row] = await orm
        .select({
          usernameTaken: sql<boolean>`bool_or(lower(${user.username}) = lower(${username}))`,
          emailTaken: sql<boolean>`bool_or(lower(${user.email}) = lower(${email}))`,
        })
        .from(user)
        .where(
          sql`lower(${user.username}) = lower(${username}) or lower(${user.email}) = lower(${email})`,
        );
      return { usernameTaken: row?.usernameTaken === true, emailTaken: row?.emailTaken === true };
    },
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
