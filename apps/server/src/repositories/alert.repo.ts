import type { TAlertChannel, TArtistAlert } from '@encore/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { artistAlerts, fanProfile } from '../db/schema/index.ts';

type AlertRow = {
  performer_id: string;
  name: string;
  genres: string[] | null;
  photo: string | null;
  channels: TAlertChannel[];
  created_ms: number;
};

/** Fans' alerts on performers ("watching"), with the performer's name and photo joined in. */
export function createAlertRepo(orm: Orm) {
  /** The alerts of `alerts` (a table or a CTE's name, after `prefix`) that match `where`. */
  async function select(
    where: SQL,
    { prefix = sql``, alerts = sql`artist_alerts` } = {},
  ): Promise<TArtistAlert[]> {
    const { rows } = await orm.execute<AlertRow>(sql`
      ${prefix}
      select a.performer_id, coalesce(pp.artist_name, u.name) as name, pp.genres,
        u.image as photo, a.channels,
        (extract(epoch from a.created_at) * 1000)::float8 as created_ms
      from ${alerts} a
      join "user" u on u.id = a.performer_id
      left join performer_profiles pp on pp.user_id = a.performer_id
      where ${where}
      order by a.created_at desc, a.performer_id`);
    return rows.map((r) => ({
      performerId: r.performer_id,
      performerName: r.name,
      genres: r.genres ?? [],
      photoUrl: r.photo,
      channels: r.channels,
      createdAt: new Date(r.created_ms).toISOString(),
    }));
  }

  return {
    list: (fanId: string) => select(sql`a.fan_id = ${fanId}`),

    async find(fanId: string, performerId: string): Promise<TArtistAlert | null> {
      const [found] = await select(sql`a.fan_id = ${fanId} and a.performer_id = ${performerId}`);
      return found ?? null;
    },

    /**
     * Creates or replaces the alert and answers it as written, in one statement: read back after
     * the write, a remove committed in between (a fan toggling fast, two tabs) left nothing to
     * answer with (bench:traffic found the 500).
     */
    async upsert(
      fanId: string,
      performerId: string,
      channels: TAlertChannel[],
    ): Promise<TArtistAlert | null> {
      const [saved] = await select(sql`true`, {
        prefix: sql`with saved as (
          insert into artist_alerts (fan_id, performer_id, channels)
          values (${fanId}, ${performerId}, ${sql.param(channels)}::text[])
          on conflict (fan_id, performer_id) do update set channels = excluded.channels
          returning performer_id, channels, created_at)`,
        alerts: sql`saved`,
      });
      return saved ?? null;
    },

    /**
     * Alerts on each of `performerIds` that is a performer with a profile and not yet watched,
     * in one statement; alerts the fan already has keep their channels. Answers how many were new.
     */
    async watchMany(
      fanId: string,
      performerIds: readonly string[],
      channels: TAlertChannel[],
    ): Promise<number> {
      const { rows } = await orm.execute<{ performer_id: string }>(sql`
        insert into artist_alerts (fan_id, performer_id, channels)
        select ${fanId}, p.user_id, ${sql.param(channels)}::text[]
        from performer_profiles p
        join "user" u on u.id = p.user_id and u.role = 'performer'
        where p.user_id = any(${sql.param([...performerIds])}::text[])
        on conflict (fan_id, performer_id) do nothing
        returning performer_id`);
      return rows.length;
    },

    async remove(fanId: string, performerId: string): Promise<void> {
      await orm
        .delete(artistAlerts)
        .where(and(eq(artistAlerts.fanId, fanId), eq(artistAlerts.performerId, performerId)));
    },

    /** What SMS alerts need from the fan's profile; null without a profile. */
    async fanContact(fanId: string) {
      const [found] = await orm
        .select({ phone: fanProfile.phone, smsOptIn: fanProfile.smsOptIn })
        .from(fanProfile)
        .where(eq(fanProfile.userId, fanId));
      return found ?? null;
    },
  };
}

export type AlertRepo = ReturnType<typeof createAlertRepo>;
