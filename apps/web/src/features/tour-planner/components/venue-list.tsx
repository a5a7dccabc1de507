import {
  BOOKING_STATE_LABELS,
  TOUR_PLANNER_MESSAGES as M,
  type TBookingRequest,
  type TTourStop,
  type TTourVenue,
} from '@encore/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { bookingRequestsQueryOptions } from '@/api/booking-requests';
import { formatCount, formatDollars } from '@/components/dashboard/format';
import { paths } from '@/config/paths';
import { BookingRequestDialog } from './booking-request-dialog';
import { ResultSection } from './result-section';

interface VenueListProps {
  planId: string;
  venues: readonly TTourVenue[];
  /** The venues' booking contacts are withheld until the performer's email is verified. */
  contactsHidden: boolean;
  route: readonly TTourStop[];
  outreachEmail: string;
}

/** A request still asking for, or holding, the night: no second one from here. */
const STILL_OPEN: ReadonlySet<TBookingRequest['status']> = new Set([
  'pending',
  'held',
  'confirmed',
]);

/**
 * The chosen venues with the seed's fields, why each was chosen, and the booking request sent
 * from this plan (its state as the venue left it), or the button to send one. Their booking
 * email and phone only once the performer's email is verified; until then, the way to verify it
 * (second security probe, finding 5). A booking request goes through Encore either way.
 */
export function VenueList({
  planId,
  venues,
  contactsHidden,
  route,
  outreachEmail,
}: VenueListProps) {
  // Fetched each time the plan opens: the venue answers elsewhere (My Shows, its email).
  const requests = useQuery({ ...bookingRequestsQueryOptions({ planId }), staleTime: 0 });
  // The list is newest first: the first request for a venue is its current one.
  const latest = (venueId: string) => requests.data?.requests.find((r) => r.venueId === venueId);
  return (
    <ResultSection id="tour-venues" title="Venues">
      {contactsHidden && (
        <p className="rounded-xl bg-surface-raised p-3 text-sm">
          {M.verifyEmailForContacts}.{' '}
          <Link
            to={paths.performer.verifyEmail.href()}
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            Go to Security settings
          </Link>
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {venues.map((venue) => {
          const request = latest(venue.venueId);
          const nights = route.filter((s) => s.venueId === venue.venueId).map((s) => s.date);
          return (
            <li key={venue.venueId}>
              <article
                aria-labelledby={`venue-${venue.venueId}`}
                className="flex flex-col gap-2 rounded-xl border border-line p-3"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h5 id={`venue-${venue.venueId}`} className="font-semibold break-words">
                    {venue.venueName}
                  </h5>
                  {request && (
                    <span className="rounded-full bg-surface-raised px-2 py-0.5 text-sm">
                      {BOOKING_STATE_LABELS[request.status]}
                    </span>
                  )}
                </div>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-fg-muted">City</dt>
                  <dd>
                    {venue.city}, {venue.state}
                  </dd>
                  <dt className="text-fg-muted">Capacity</dt>
                  <dd>{formatCount(venue.capacity)}</dd>
                  {!contactsHidden && (
                    <>
                      <dt className="text-fg-muted">Email</dt>
                      <dd className="break-all">
                        {venue.contactEmail ? (
                          <a
                            className="text-accent underline"
                            href={`mailto:${venue.contactEmail}`}
                          >
                            {venue.contactEmail}
                          </a>
                        ) : (
                          '—'
                        )}
                      </dd>
                      <dt className="text-fg-muted">Phone</dt>
                      <dd>{venue.bookingPhone || '—'}</dd>
                    </>
                  )}
                  <dt className="text-fg-muted">Fans nearby</dt>
                  <dd>
                    {venue.estimatedDemand === null
                      ? M.fewFans
                      : formatCount(venue.estimatedDemand)}
                  </dd>
                  <dt className="text-fg-muted">Expected</dt>
                  <dd>
                    {formatCount(venue.expectedAttendance)} people ·{' '}
                    {formatDollars(venue.expectedRevenue)}
                  </dd>
                </dl>
                <p className="text-sm text-fg-muted break-words">{venue.why}</p>
                {nights.length > 0 && !(request && STILL_OPEN.has(request.status)) && (
                  <BookingRequestDialog
                    planId={planId}
                    venue={venue}
                    nights={nights}
                    outreachEmail={outreachEmail}
                  />
                )}
              </article>
            </li>
          );
        })}
      </ul>
    </ResultSection>
  );
}
