import { checkTicketUrl } from '@encore/contract';
import type pg from 'pg';
import { runDataFixOnce } from './data-fix.ts';

/** The name of this fix in data_fixes (migration 0023). */
export const TICKET_URLS_FIX = 'ticket-urls-https-v1';

/**
 * Ticket links stored before the ticket link rule (second security probe: absolute https:// to a website, as
 * the URL parser writes it) are brought to it once (runDataFixOnce): a plain `http://` link
 * becomes `https://` (every ticket shop serves https; refusing would hide the shows' ticket
 * buttons), and each link that then passes is stored as the parser writes it. A link that still fails (a backslash, a password,
 * an address instead of a name) is left for its show's owner to see and correct in the edit form:
 * the redirect and the button refuse it meanwhile. Returns the number of links rewritten.
 */
export function fixTicketUrls(client: pg.ClientBase): Promise<number> {
  return runDataFixOnce(client, TICKET_URLS_FIX, async () => {
    const { rows } = await client.query<{ id: string; ticket_url: string }>(
      'select id, ticket_url from shows where ticket_url is not null for update',
    );
    const changed = rows.flatMap(({ id, ticket_url: stored }) => {
      const checked = checkTicketUrl(stored.trim().replace(/^http:\/\//i, 'https://'));
      return checked.ok && checked.href !== stored ? [{ id, href: checked.href }] : [];
    });
    await client.query(
      `update shows s set ticket_url = c.href
       from unnest($1::text[], $2::text[]) as c(id, href) where s.id = c.id`,
      [changed.map((c) => c.id), changed.map((c) => c.href)],
    );
    return changed.length;
  });
}
