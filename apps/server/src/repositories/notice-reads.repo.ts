import type { TNotification } from '@encore/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';

export type CentreItem = TNotification & { fanId: string };

/**
 * One source's share of a notification centre read that runs as ONE statement with the others'
 * (notification.repo.ts' `together`): its select, and how the rows it gave become items.
 */
export type CentrePart = { query: SQL; items: (rows: unknown[]) => CentreItem[] };

export function centrePart<Row>(query: SQL, toItem: (row: Row) => CentreItem): CentrePart {
  return { query, items: (rows) => (rows as Row[]).map(toItem) };
}

/**
 * The notification centre's reads of one notice table (show notices, Show Pals notices, booking
 * notices, artist messages), given its select over the alias `n` and how a row becomes an item: a
 * user's page older than a cursor id and a stream's catch-up after an id (parts of the centre's
 * one statement), and one notice for the live stream.
 */
export function noticeReads<Row extends Record<string, unknown>>(
  orm: Orm,
  query: (where: SQL, limit: number) => SQL,
  toItem: (row: Row) => CentreItem,
) {
  return {
    /** A user's notices older than `before` (an id), newest first. */
    pagePart(userId: string, before: number | null, limit: number): CentrePart {
      const older = before === null ? sql`true` : sql`n.id < ${before}`;
      return centrePart(query(sql`n.user_id = ${userId} and ${older}`, limit), toItem);
    },

    /** Notices of `userIds` newer than `afterId` (a stream's catch-up after a lost LISTEN). */
    afterPart(userIds: string[], afterId: number, limit: number): CentrePart {
      const where = sql`n.user_id = any(${sql.param(userIds)}::text[]) and n.id > ${afterId}`;
      return centrePart(query(where, limit), toItem);
    },

    /** One notice for its user's open streams; null when it is gone (or in another table). */
    async one(id: number) {
      const { rows } = await executePrepared<Row>(orm, query(sql`n.id = ${id}`, 1));
      return rows[0] ? toItem(rows[0]) : null;
    },
  };
}
