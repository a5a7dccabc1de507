import type { TBookingRequest } from '@encore/contract';
import { CalendarDays, MapPin } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { formatBookingDate } from '../utils/booking-requests';
import { BookingMessage } from './booking-message';
import { BookingStateBadge } from './booking-state-badge';

interface BookingRequestCardProps {
  request: TBookingRequest;
  /** The other party: the performer for a venue, the venue for a performer. */
  party: { name: string; href: string };
  /** Shows the venue's city: the performer's own list spans many cities, the venue's is its own. */
  place?: boolean;
  /** What the other party added to the request (the venue's decline note). */
  note?: ReactNode;
  /** The answers this side may give now. */
  actions?: ReactNode;
}

/** One booking request as either side sees it: who, which night, the message and its state. */
export function BookingRequestCard({
  request,
  party,
  place = false,
  note,
  actions,
}: BookingRequestCardProps) {
  const titleId = useId();
  const titleLink = useRef<HTMLAnchorElement>(null);
  const answered = useRefocusAfterAnswer(request.status, titleLink);
  return (
    <Card className="h-full min-w-0 p-4 sm:p-6">
      <article
        aria-labelledby={titleId}
        className="flex min-w-0 flex-col gap-3"
        // React events bubble through portals, so this also sees clicks inside the card's dialogs.
        onClickCapture={answered}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 break-words font-display text-lg font-semibold">
            <Link ref={titleLink} to={party.href} className="rounded hover:text-accent">
              {party.name}
            </Link>
          </h3>
          <BookingStateBadge status={request.status} />
        </div>
        <ul className="flex flex-col gap-1.5 text-sm text-fg-muted">
          <li className="flex items-start gap-2">
            <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0" />
            <time dateTime={request.date}>{formatBookingDate(request.date)}</time>
          </li>
          {place && (
            <li className="flex items-start gap-2">
              <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
              {request.city}, {request.state}
            </li>
          )}
        </ul>
        <BookingMessage message={request.message} />
        {note}
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </article>
    </Card>
  );
}

/**
 * An answer replaces the card's buttons (the one just used is gone), which drops the keyboard
 * focus to the page's start. When the state changes after a click in this card and the focus was
 * lost, it goes to the card's title instead, so the user continues from the same request.
 */
function useRefocusAfterAnswer(
  status: TBookingRequest['status'],
  target: RefObject<HTMLAnchorElement | null>,
) {
  const touched = useRef(false);
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === status) return;
    previous.current = status;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (touched.current && lost) target.current?.focus();
    touched.current = false;
  }, [status, target]);
  return () => {
    touched.current = true;
  };
}
