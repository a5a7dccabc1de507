import { ExternalLink } from 'lucide-react';
import { paths } from '@/config/paths';

/**
 * 'Purchase Ticket(s)' for a show that has a ticket URL. It points at Encore's counted redirect
 * (/go/ticket/:id) rather than at the URL itself, so the show's performer and venue see ticket
 * clicks; the server sends the fan on to the show's stored URL. A new tab, without our page as
 * opener or referrer, as any link out of Encore.
 */
export function TicketLink({ showId, className }: { showId: string; className: string }) {
  return (
    <a
      href={paths.ticketLink.href(showId)}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
    >
      Purchase Ticket(s)
      <ExternalLink aria-hidden className="size-4" />
    </a>
  );
}
