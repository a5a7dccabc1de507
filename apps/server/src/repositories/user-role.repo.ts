import { eq } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { user } from '../db/schema/index.ts';

export function createUserRoleRepo(orm: Orm) {
  return {
    async roleOf(userId: string): Promise<string | undefined> {
      const [row] = await orm.select({ role: user.role }).from(user).where(eq(user.id, userId));
      return row?.role;
    },
  };
}

export type UserRoleRepo = ReturnType<typeof createUserRoleRepo>;
