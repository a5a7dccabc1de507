import type { TSocialNoticeKind } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { SqlClient } from '../../db/client.ts';
import { PG_CHANNELS } from '../../db/pg-channels.ts';
import { encodeNotice } from '../../db/show-notice-payload.ts';

export type SocialNotice = {
  /** The recipient. */
  userId: string;
  kind: TSocialNoticeKind;
  actorId: string;
  showId: string | null;
};

/**
 * Writes Show Pals notices inside the caller's transaction, only to recipients whose Show Pals
 * setting is on (no settings row: on), and NOTIFYs each on PG_CHANNELS.notice (delivered at
 * commit, as show notices are) so the recipient's open streams get it live. Answers the ids
 * written, for the mailer to send after commit.
 */
export async function writeSocialNotices(tx: SqlClient, notices: SocialNotice[]) {
  if (notices.length === 0) return [];
  const { rows } = await tx.execute<{ id: string; user_id: string }>(sql`
    insert into social_notices (user_id, kind, actor_id, show_id)
    select n.user_id, n.kind, n.actor_id, n.show_id
    from unnest(${sql.param(notices.map((n) => n.userId))}::text[],
      ${sql.param(notices.map((n) => n.kind))}::text[],
      ${sql.param(notices.map((n) => n.actorId))}::text[],
      ${sql.param(notices.map((n) => n.showId))}::text[]) as n(user_id, kind, actor_id, show_id)
    where not exists (select 1 from fan_settings fs
      where fs.user_id = n.user_id and not fs.show_pals_notices)
    returning id::text, user_id`);
  for (const row of rows) {
    await tx.execute(
      sql`select pg_notify(${PG_CHANNELS.notice}, ${encodeNotice(Number(row.id), row.user_id)})`,
    );
  }
  return rows.map((r) => Number(r.id));
}

/** A withdrawn request takes its notice along, unless the asked fan already read it. */
export async function deleteUnreadPalRequest(tx: SqlClient, asker: string, asked: string) {
  await tx.execute(sql`
    delete from social_notices where kind = 'pal_request' and actor_id = ${asker}
      and user_id = ${asked} and read_at is null`);
}

/**
 * A block: the Show Pals notices between the two fans (both ways) and their open going-together
 * invites go, so neither sees the other's name in their notification centre or invites again.
 */
export async function deleteBetween(tx: SqlClient, a: string, b: string) {
  await tx.execute(sql`
    delete from social_notices
    where (user_id = ${a} and actor_id = ${b}) or (user_id = ${b} and actor_id = ${a})`);
  await tx.execute(sql`
    delete from going_invites where state = 'invited'
      and ((from_fan_id = ${a} and to_fan_id = ${b}) or (from_fan_id = ${b} and to_fan_id = ${a}))`);
}
