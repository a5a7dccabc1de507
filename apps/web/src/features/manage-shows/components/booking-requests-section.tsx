import type { TBookingRequest } from '@encore/contract';
import { CircleAlert, Inbox } from 'lucide-react';
import { useId } from 'react';
import { useBookingRequests } from '@/api/booking-requests';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { sortBookingRequests } from '../utils/booking-requests';
import {
  DeclineNote,
  PerformerBookingActions,
  VenueBookingActions,
} from './booking-request-actions';
import { BookingRequestCard } from './booking-request-card';

type Role = 'performer' | 'venue';

const EMPTY: Record<Role, string> = {
  venue:
    'No booking requests yet. Performers on Encore can ask you for a date from their tour plans.',
  performer:
    'No booking requests sent. Plan a tour from your dashboard and send requests to the venues it picks.',
};

/** Each side sees the other party on the card, and its own answers under it. */
function RoleCard({ request, role }: { request: TBookingRequest; role: Role }) {
  if (role === 'venue') {
    return (
      <BookingRequestCard
        request={request}
        party={{ name: request.performerName, href: paths.artistPage.href(request.performerId) }}
        actions={<VenueBookingActions request={request} />}
      />
    );
  }
  return (
    <BookingRequestCard
      request={request}
      party={{ name: request.venueName, href: paths.venuePage.href(request.venueId) }}
      place
      note={<DeclineNote request={request} />}
      actions={<PerformerBookingActions request={request} />}
    />
  );
}

/**
 * 'Booking requests' in My Shows: a venue's received requests to answer, or a
 * performer's sent ones to follow; open ones first, newest first.
 */
export function BookingRequestsSection({ role }: { role: Role }) {
  const headingId = useId();
  const query = useBookingRequests();
  const requests = sortBookingRequests(query.data?.requests ?? []);
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        Booking requests
      </h2>
      {query.isPending && (
        <div
          role="status"
          aria-label="Loading booking requests"
          className="h-32 animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none"
        />
      )}
      {query.isError && (
        <div role="alert" className="flex flex-col items-start gap-3 text-danger">
          <p className="flex items-start gap-2">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            We could not load your booking requests. {query.error.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {query.isSuccess && requests.length === 0 && (
        <p className="flex items-start gap-2 text-fg-muted">
          <Inbox aria-hidden className="mt-0.5 size-5 shrink-0" />
          {EMPTY[role]}
        </p>
      )}
      {requests.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2">
          {requests.map((request) => (
            <li key={request.id} className="min-w-0">
              <RoleCard request={request} role={role} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
