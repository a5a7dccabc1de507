import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { CONFIRMED_SHOW } from './show-select.repo.ts';

/** Past days' visitor rows deleted by one click, at most: the first click of a day stays quick. */
const EXPIRED_BATCH = 1000;

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
     * A click on the show's link on `day` (UTC, 'YYYY-MM-DD') by the visitor `visitorKey`, in one
     * statement: the visitor's row is inserted unless it is there already (the primary key settles
     * races between requests and between API processes), and only an inserted row adds one to the
     * day's count, which concurrent clicks add up on the row's lock. The same statement deletes
     * visitor rows from before yesterday (yesterday's stay: a process whose clock is a little
     * behind still counts yesterday's clicks once), a batch at most, skipping rows another click
     * is deleting. True when the click was counted.
     */
    async countClick(showId: string, day: string, visitorKey: string): Promise<boolean> {
      const { rows } = await orm.execute<{ counted: boolean }>(sql`
        with expired as (
          delete from ticket_click_visitors where ctid = any(array(
            select ctid from ticket_click_visitors where day < ${day}::date - 1
            limit ${EXPIRED_BATCH} for update skip locked))
        ), visitor as (
          insert into ticket_click_visitors (show_id, day, visitor_key)
          values (${showId}, ${day}::date, ${visitorKey})
          on conflict do nothing
          returning show_id, day
        )
        insert into ticket_clicks (show_id, day, clicks)
        select show_id, day, 1 from visitor
        on conflict (show_id, day) do update set clicks = ticket_clicks.clicks + 1
        returning true as counted`);
      return rows.length > 0;
    },
  };
}

export type TicketClickRepo = ReturnType<typeof createTicketClickRepo>;
