import { checkTicketUrl } from '@encore/contract';
import { ExternalLink } from 'lucide-react';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/**
 * 'Purchase Ticket(s)' for a show that has a ticket URL. It points at Encore's counted redirect
 * (/go/ticket/:id) rather than at the URL itself, so the show's performer and venue see ticket
 * clicks; the server sends the fan on to the show's stored URL. A new tab, without our page as
 * opener or referrer, as any link out of Encore.
 *
 * The button names where it leads ('on tickets.example.com', the host as the URL parser writes it:
 * an IDN in punycode, as an address bar shows a look-alike), so a fan sees the site before
 * leaving Encore, and the name is part of the link's accessible name. A long host is cut at its
 * start, as an address bar does, so the registrable end always shows. A stored URL that the
 * ticket link rule refuses gets no button: the redirect would refuse it too (second security probe).
 */
export function TicketLink({
  showId,
  ticketUrl,
  className,
}: {
  showId: string;
  ticketUrl: string;
  className: string;
}) {
  const checked = checkTicketUrl(ticketUrl);
  if (!checked.ok) return null;
  return (
    <a
      href={paths.ticketLink.href(showId)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(className, 'max-w-full')}
    >
      <span className="flex min-w-0 flex-col items-start leading-tight">
        <span>Purchase Ticket(s)</span>{' '}
        <span className="flex max-w-full gap-1 text-xs font-normal">
          <span className="shrink-0">on</span>{' '}
          <span className="min-w-0 truncate [direction:rtl]">
            <bdi dir="ltr">{checked.host}</bdi>
          </span>
        </span>
      </span>
      <ExternalLink aria-hidden className="size-4 shrink-0" />
    </a>
  );
}
