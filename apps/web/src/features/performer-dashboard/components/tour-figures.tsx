import { TOUR_GAP_DAYS, type TPerformerDashboard } from '@encore/contract';
import { FigureCard } from '@/components/dashboard/figure-card';
import {
  formatCount,
  formatDay,
  formatDollarsAndCents,
  formatRate,
  orNotKnown,
} from '@/components/dashboard/format';

type LastTour = TPerformerDashboard['lastTour'];

export const ENTER_RESULTS_HINT = 'Enter the results of your past shows to see attendance.';

/** Last tour attendance and merch revenue per head, with the tour's dates. */
export function TourFigures({ tour }: { tour: LastTour }) {
  const dates = tour && `${formatDay(tour.firstShow)} – ${formatDay(tour.lastShow)}`;
  return (
    <>
      <FigureCard
        title="Last tour attendance"
        value={orNotKnown(tour?.attendanceRate ?? null, formatRate)}
        detail={attendanceDetail(tour, dates)}
        definition={`Attendance ÷ capacity over the shows of your most recent tour: your past confirmed shows with less than ${TOUR_GAP_DAYS} days between one and the next. Only shows with results and a known venue capacity count.`}
      />
      <FigureCard
        title="Merch revenue per head"
        value={orNotKnown(tour?.merchPerHead ?? null, formatDollarsAndCents)}
        detail={merchDetail(tour)}
        definition="Merch revenue ÷ attendance over the last tour's shows whose results include merch revenue."
      />
    </>
  );
}

function attendanceDetail(tour: LastTour, dates: string | null) {
  if (!tour) return 'No past shows yet: your first tour appears after your first show.';
  const shows = `${formatCount(tour.showsWithResults)} of ${formatCount(tour.shows)} shows with results`;
  if (tour.attendanceRate === null) return `${dates}. ${ENTER_RESULTS_HINT}`;
  return `${dates} · ${formatCount(tour.attendance)} of ${formatCount(tour.capacity)} · ${shows}`;
}

function merchDetail(tour: LastTour) {
  if (!tour || tour.merchPerHead === null) {
    return 'Add merch revenue when you enter a show’s results to see this.';
  }
  return `${orNotKnown(tour.merchRevenue, formatDollarsAndCents)} over the tour`;
}
