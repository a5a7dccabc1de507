import type { TOwnShow } from '@encore/contract';
import { CircleCheck, Hourglass } from 'lucide-react';
import { pastShowResults } from '../utils/past-show';

const usd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** 'Attendance 250 · Gross $5,000.00 · Merch $640.00', leaving out what was not entered. */
function formatResults(show: TOwnShow, attendance: number): string {
  return [
    `Attendance ${attendance.toLocaleString('en-US')}`,
    show.grossRevenue !== null && `Gross ${usd(show.grossRevenue)}`,
    show.merchRevenue !== null && `Merch ${usd(show.merchRevenue)}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

interface PastResultsLineProps {
  show: TOwnShow;
  /** Whether this owner is the one to enter the results; if not, the line says who will. */
  entersResults: boolean;
}

/**
 * A past show's line where an upcoming one says how many fans are going: 'Results entered' with
 * the figures, or 'Awaiting results' (from the venue, when the performer is looking). Nothing for
 * a show no results will come for (cancelled, never confirmed).
 */
export function PastResultsLine({ show, entersResults }: PastResultsLineProps) {
  const results = pastShowResults(show);
  if (results === null) return null;
  if (results === 'entered' && show.attendance !== null) {
    return (
      <li className="flex items-start gap-2">
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <span>
          <span className="font-medium text-fg">Results entered</span> ·{' '}
          {formatResults(show, show.attendance)}
        </span>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-2">
      <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
      {entersResults ? 'Awaiting results' : `Awaiting results from ${show.venue.name}`}
    </li>
  );
}
