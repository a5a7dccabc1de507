import type { TNotification } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';

export type CentreItem = TNotification & { fanId: string };

/**
 * The notification centre's three reads of one notice table (show notices, Show Pals notices),
 * given its select over the alias `n` and how a row becomes an item: a user's page older than a
 * cursor id, a stream's catch-up after an id, and one notice for the live stream.
 */
export function noticeReads<Row>(
  select: (where: SQL, limit: number) => Promise<Row[]>,
  toItem: (row: Row) => CentreItem,
) {
  return {
    /** A user's notices older than `before` (an id), newest first. */
    async page(userId: string, before: number | null, limit: number) {
      const older = before === null ? sql`true` : sql`n.id < ${before}`;
      return (await select(sql`n.user_id = ${userId} and ${older}`, limit)).map(toItem);
    },

    /** Notices of `userIds` newer than `afterId` (a stream's catch-up after a lost LISTEN). */
    async after(userIds: string[], afterId: number, limit: number) {
      const rows = await select(
        sql`n.user_id = any(${sql.param(userIds)}::text[]) and n.id > ${afterId}`,
        limit,
      );
      return rows.map(toItem);
    },

    /** One notice for its user's open streams; null when it is gone (or in another table). */
    async one(id: number) {
      const [row] = await select(sql`n.id = ${id}`, 1);
      return row ? toItem(row) : null;
    },
  };
}
