import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { executePrepared } from '../db/prepared.ts';
import { showAttendance } from '../db/schema/index.ts';
import { attendanceVisibleSql } from './social/fan-visibility.repo.ts';
import { NO_PALS_GOING, palsGoingOf } from './social/pals-going.repo.ts';

type Status = 'going' | 'attended';
/** The ORM or one of its transactions: a mark can be written inside a caller's transaction. */
export type OrmOrTx = Pick<Orm, 'insert' | 'delete'>;
export type Attendee = { id: string; name: string; photoUrl: string | null };

/** Fans going to or having attended shows. */
export function createAttendanceRepo(orm: Orm) {
  return {
    async mine(fanId: string, showId: string): Promise<Status | null> {
      const [found] = await orm
        .select({ status: showAttendance.status })
        .from(showAttendance)
        .where(and(eq(showAttendance.fanId, fanId), eq(showAttendance.showId, showId)));
      return found?.status ?? null;
    },

    async set(
      fanId: string,
      showId: string,
      status: Status | null,
      db: OrmOrTx = orm,
    ): Promise<void> {
      if (status === null) {
        await db
          .delete(showAttendance)
          .where(and(eq(showAttendance.fanId, fanId), eq(showAttendance.showId, showId)));
        return;
      }
      await db
        .insert(showAttendance)
        .values({ fanId, showId, status })
        .onConflictDoUpdate({
          target: [showAttendance.fanId, showAttendance.showId],
          set: { status, updatedAt: new Date() },
        });
    },

    /**
     * Faces for the show page: the fans the viewer may see going or at it (the one rule,
     * social/fan-visibility.repo.ts: Public, or Friends Only and the viewer's pal, with attendance
     * shown; never across a block; the viewer themself always).
     */
    async visible(showId: string, viewerId: string | null, limit = 12): Promise<Attendee[]> {
      // Prepared (two texts: signed in or not): Postgres planned it longer than it ran.
      const { rows } = await executePrepared<{ id: string; name: string; photo: string | null }>(
        orm,
        sql`
        select u.id, fp.tag_name as name, u.image as photo
        from show_attendance a
        join fan_profiles fp on fp.user_id = a.fan_id
        join "user" u on u.id = a.fan_id
        where a.show_id = ${showId} and ${attendanceVisibleSql(viewerId, sql`a.fan_id`)}
        order by a.updated_at desc
        limit ${limit}`,
      );
      return rows.map((r) => ({ id: r.id, name: r.name, photoUrl: r.photo }));
    },

    /** The fan's Show Pals going whom they may see (social/pals-going.repo.ts). */
    async palsGoing(fanId: string, showId: string) {
      return (await palsGoingOf(orm, fanId, [showId])).get(showId) ?? NO_PALS_GOING;
    },
  };
}

export type AttendanceRepo = ReturnType<typeof createAttendanceRepo>;
