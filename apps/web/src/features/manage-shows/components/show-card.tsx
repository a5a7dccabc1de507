import type { TOwnShow } from '@encore/contract';
import { CalendarDays, MapPin, Ticket, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { entersResults, formatPriceRange, formatShowTime } from '../utils/format-show';
import { wasPlayed } from '../utils/past-show';
import { type Owner, ownerConfirmation, supportingSlot } from '../utils/show-confirmation';
import { AnswerShowActions } from './answer-show-actions';
import { CancelShowDialog } from './cancel-show-dialog';
import { ConfirmationBadge } from './confirmation-badge';
import { PastResultsLine } from './past-results-line';
import { PostponeShowDialog } from './postpone-show-dialog';
import { StatusBadge } from './status-badge';

interface ShowCardProps {
  show: TOwnShow;
  upcoming: boolean;
  owner: Owner;
}

/**
 * One show in 'Your Shows': who, where, when (venue time), status, price, fans going, actions.
 * A show naming this owner that another party announced asks for Confirm / Decline first. A past
 * one reads as past: 'Played', and where its results stand instead of the fans going.
 */
export function ShowCard({ show, upcoming, owner }: ShowCardProps) {
  const titleId = useId();
  const price = formatPriceRange(show.priceMin, show.priceMax);
  const confirmation = ownerConfirmation(show, owner);
  // A supporting act answers for its slot; the show itself is its headliner's and venue's to change.
  const supporting = supportingSlot(show, owner) !== null;
  const settled = confirmation.kind === 'settled';
  const live = show.status !== 'cancelled';
  // The announcer may still edit while it waits; a declined show is over.
  const changeable =
    !supporting && upcoming && live && (settled || confirmation.kind === 'waiting');
  const small = buttonClasses({ variant: 'secondary', size: 'sm' });
  const ownResults = !supporting && entersResults(show, owner.role);
  return (
    <Card className="h-full">
      <article aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="font-display text-lg font-semibold">
            <Link to={paths.show.href(show.id)} className="rounded hover:text-accent">
              {show.performer.name}
            </Link>
          </h3>
          <StatusBadge status={show.status} played={wasPlayed(show, upcoming)} />
        </div>
        {supporting && (
          <p className="inline-flex w-fit items-center rounded-full border border-accent px-3 py-1 text-xs font-semibold text-accent">
            Supporting
          </p>
        )}
        <ConfirmationBadge confirmation={confirmation} />
        <ul className="flex flex-col gap-1.5 text-sm text-fg-muted">
          <li className="flex items-start gap-2">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            {show.venue.name}, {show.venue.city}, {show.venue.state}
          </li>
          <li className="flex items-start gap-2">
            <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0" />
            <time dateTime={show.startsAt}>{formatShowTime(show.startsAt, show.timeZone)}</time>
          </li>
          {price && (
            <li className="flex items-start gap-2">
              <Ticket aria-hidden className="mt-0.5 size-4 shrink-0" />
              {price}
            </li>
          )}
          {upcoming ? (
            <li className="flex items-start gap-2">
              <Users aria-hidden className="mt-0.5 size-4 shrink-0" />
              {show.attendingCount} {show.attendingCount === 1 ? 'fan' : 'fans'} going
            </li>
          ) : (
            <PastResultsLine show={show} entersResults={ownResults} />
          )}
        </ul>
        {confirmation.kind === 'asked' && live && (
          <AnswerShowActions
            show={show}
            announcer={confirmation.announcer}
            slot={supporting ? 'supporting' : 'party'}
          />
        )}
        <div className="flex flex-wrap gap-2">
          {changeable && (
            <>
              <Link to={paths.manageShows.edit.href(show.id)} className={small}>
                Edit
              </Link>
              <PostponeShowDialog show={show} />
              <CancelShowDialog show={show} />
            </>
          )}
          {!upcoming && ownResults && live && settled && (
            <Link to={`${paths.manageShows.edit.href(show.id)}#results`} className={small}>
              {show.attendance === null ? 'Enter results' : 'Edit results'}
            </Link>
          )}
        </div>
      </article>
    </Card>
  );
}
