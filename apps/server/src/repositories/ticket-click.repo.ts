import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { CONFIRMED_SHOW } from './show-select.ts';

/** The 'Purchase Ticket(s)' redirect: where a show's tickets are sold, and its click count. */
export function createTicketClickRepo(orm: Orm) {
  return {
    /**
     * The stored ticket URL of a show fans can see and still buy for: public (confirmed by the
     * party it names) and not cancelled. Null for any other show, and for an unknown id.
     */
    async ticketUrl(showId: string): Promise<string | null> {
      const { rows } = await orm.execute<{ ticket_url: string }>(sql`
        select s.ticket_url from shows s
        where s.id = ${showId} and ${CONFIRMED_SHOW} and s.status <> 'cancelled'
          and s.ticket_url is not null`);
      return rows[0]?.ticket_url ?? null;
    },

    /**
     * One more click on the show's link today (UTC), in one statement: concurrent clicks add up
     * on the row's lock rather than racing a read. Nothing about the clicker is stored.
     */
    async countClick(showId: string): Promise<void> {
      await orm.execute(sql`
        insert into ticket_clicks (show_id, day, clicks)
        values (${showId}, (now() at time zone 'utc')::date, 1)
        on conflict (show_id, day) do update set clicks = ticket_clicks.clicks + 1`);
    },
  };
}

export type TicketClickRepo = ReturnType<typeof createTicketClickRepo>;
