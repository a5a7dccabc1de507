import type { TMarkRead, TNotificationPage, TUnreadCount } from '@encore/contract';
import { AppError } from '../http/app-error.ts';
import type { NotificationRepo } from '../repositories/notification.repo.ts';

/** Cursors are the last notification id of a page: newest first, ids only grow. */
const CURSOR = /^[1-9]\d{0,17}$/;

/** A user's notification centre: pages of in-app alerts and show notices, and read marks. */
export function createNotificationCentre(repo: NotificationRepo) {
  return {
    async page(
      userId: string,
      query: { cursor?: string; limit: number },
    ): Promise<TNotificationPage> {
      const before = query.cursor === undefined ? null : parseCursor(query.cursor);
      const { items: rows, unread } = await repo.page(userId, before, query.limit + 1);
      const items = rows.slice(0, query.limit).map(({ fanId: _, ...item }) => item);
      const last = items.at(-1);
      return { items, nextCursor: rows.length > query.limit && last ? last.id : null, unread };
    },

    async read(userId: string, input: TMarkRead): Promise<TUnreadCount> {
      if ('all' in input) await repo.markRead(userId, 'all');
      else {
        // Ids are the centre's own; anything else cannot be one of the user's rows.
        const ids = input.ids.filter((id) => CURSOR.test(id)).map(Number);
        if (ids.length > 0) await repo.markRead(userId, ids);
      }
      return { unread: await repo.unread(userId) };
    },
  };
}

export type NotificationCentre = ReturnType<typeof createNotificationCentre>;

function parseCursor(cursor: string): number {
  if (!CURSOR.test(cursor)) {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
      fields: { cursor: 'This page link is not valid; start from the first page' },
    });
  }
  return Number(cursor);
}
