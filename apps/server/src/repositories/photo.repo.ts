import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

/** The profile photo is better-auth's user.image, so it exists before any profile does. */
export function createPhotoRepo(orm: Orm) {
  return {
    /**
     * Sets the photo URL (null removes it) and returns the one it replaced, in one statement, so
     * that of two parallel uploads each learns exactly which file it made obsolete.
     */
    async replace(userId: string, url: string | null): Promise<string | null> {
      const result = await orm.execute<{ previous: string | null }>(sql`
        update "user" as u set image = ${url}, updated_at = now()
        from (select id, image from "user" where id = ${userId} for update) as old
        where u.id = old.id
        returning old.image as previous`);
      return result.rows[0]?.previous ?? null;
    },

    async current(userId: string): Promise<string | null> {
      const result = await orm.execute<{ image: string | null }>(
        sql`select image from "user" where id = ${userId}`,
      );
      return result.rows[0]?.image ?? null;
    },
  };
}

export type PhotoRepo = ReturnType<typeof createPhotoRepo>;
