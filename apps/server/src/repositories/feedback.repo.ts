import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { feedback } from '../db/schema/index.ts';

export function createFeedbackRepo(orm: Orm) {
  return {
    async insert(userId: string, subject: string, message: string): Promise<string> {
      const [row] = await orm
        .insert(feedback)
        .values({ userId, subject, message })
        .returning({ id: feedback.id });
      if (!row) throw new Error('feedback insert returned no row');
      return row.id;
    },

    async markMailed(id: string): Promise<void> {
      await orm.update(feedback).set({ mailedAt: sql`now()` }).where(eq(feedback.id, id));
    },
  };
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
